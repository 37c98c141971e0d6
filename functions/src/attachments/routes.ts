import {
  fileNotPdf,
  fileTooLarge,
  PDF_MAX_BYTES,
  PDF_MAX_FILES,
  type AnswerOf,
} from '@brainboard/domain';
import { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { callerOf } from '../http/auth.ts';
import { requireCsrf } from '../http/csrf.ts';
import { badRequest, HttpError, notFound, route } from '../http/errors.ts';
import {
  firestoreRateLimiter,
  uploadRateWindowsFromEnv,
  type RateLimiter,
} from '../http/rateLimit.ts';
import { NotMultipartError, readUpload } from '../files/multipart.ts';
import { looksLikePdf, PdfReadError } from '../files/pdf.ts';
import { PDF_EXTRACT_TIME_LIMIT_MS, PDF_MAX_PAGES, PdfLimitError } from '../files/pdfLimits.ts';
import { armDeadline, DATABASE_DEADLINE_MS } from '../http/deadline.ts';
import { listAttachedFiles, removeAttachedFile, saveUploadedPdf } from '../files/records.ts';
import { readAssignmentDoc } from '../assignments/store.ts';
import { fileStoreFromEnv, type FileStore } from '../files/store.ts';
import { csrfTokenOf } from '../profile/profile.ts';

const UPLOAD_PATH = '/upload-pdf';
const ONE_FILE_ONLY = 'Please upload one PDF file at a time.';
const ASSIGNMENT_ID_NOT_VALID = 'assignment_id is not valid.';
const ASSIGNMENT_NOT_FOUND = 'That assignment does not exist.';
const FILE_NOT_ATTACHED = 'That file is not attached to this assignment.';
const NO_FILE = 'Choose a PDF file to upload (form field "file").';
export const NOT_MULTIPART = 'Send the PDF as multipart/form-data with the field "file".';
const uploadRateLimited = (seconds: number) =>
  `You have uploaded many files in a short time. Please wait ${
    seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`
  } and try again.`;

/** A PDF past a reading limit: 422 with what the student can do about it. */
function pdfLimitError(err: PdfLimitError, name: string): HttpError {
  switch (err.limit) {
    case 'pages':
      return new HttpError(
        422,
        `File ${name} has more than ${PDF_MAX_PAGES.toLocaleString('en-US')} pages. Please upload a shorter PDF.`,
      );
    case 'time':
      return new HttpError(
        422,
        `File ${name} took too long to read. Please upload a shorter or simpler PDF.`,
      );
    default:
      return new HttpError(
        422,
        `File ${name} holds too much compressed content to read. Please upload a smaller PDF.`,
      );
  }
}

const ID_RE = /^[A-Za-z0-9_-]{1,128}$/;

/** An id from the path; anything malformed is as unknown as a missing one (404). */
function pathId(value: unknown, message: string): string {
  if (typeof value !== 'string' || !ID_RE.test(value)) throw notFound(message);
  return value;
}

/**
 * The assignment an upload is attached to (query `assignment_id`), or null. The editor names
 * it before the assignment exists when it creates one: creates carry a client-chosen id, so
 * the file is attached from the start and listed once the assignment is there.
 */
function attachTo(value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string' || !ID_RE.test(value)) throw badRequest(ASSIGNMENT_ID_NOT_VALID);
  return value;
}

/**
 * POST /api/upload-pdf (docs/product.md, Limits; docs/architecture.md): multipart field `file`, one
 * PDF of at
 * most 20 MB, stored under the caller, attached to the assignment named by
 * `?assignment_id=` when there is one. Mounted before the JSON body
 * middlewares (it reads its own body), so it checks CSRF itself. A valid
 * upload counts against the caller's upload rate (429 past it, with
 * Retry-After) before it is read page by page and stored.
 */
export function filesRoutes(
  db: Firestore,
  store: () => FileStore = () => fileStoreFromEnv(),
  rateLimiter: RateLimiter = firestoreRateLimiter(db, uploadRateWindowsFromEnv(), 'upload'),
) {
  const router = Router();

  router.post(
    UPLOAD_PATH,
    requireCsrf((uid) => csrfTokenOf(db, uid)),
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const assignmentId = attachTo(req.query.assignment_id);
      let upload;
      try {
        upload = await readUpload(req, { maxBytes: PDF_MAX_BYTES, maxFiles: PDF_MAX_FILES });
      } catch (err) {
        if (err instanceof NotMultipartError) throw badRequest(NOT_MULTIPART);
        throw badRequest('The upload could not be read. Please try again.');
      }
      if (upload.tooManyFiles || upload.files.length > PDF_MAX_FILES) {
        throw badRequest(ONE_FILE_ONLY);
      }
      const file = upload.files.find((f) => f.field === 'file');
      if (!file) throw badRequest(NO_FILE);
      if (file.tooLarge || file.bytes.length > PDF_MAX_BYTES) {
        throw new HttpError(413, fileTooLarge(file.name));
      }
      if (!looksLikePdf(file.bytes)) throw badRequest(fileNotPdf(file.name));

      // Only accepted uploads count: check the limit now, count the upload once stored.
      const decision = await (rateLimiter.check ?? rateLimiter.hit)(uid);
      if (!decision.ok) {
        res.set('Retry-After', String(decision.retryAfterSeconds));
        throw new HttpError(429, uploadRateLimited(decision.retryAfterSeconds));
      }

      // Reading the PDF has its own limits; the database calls around it keep theirs.
      armDeadline(res, DATABASE_DEADLINE_MS + PDF_EXTRACT_TIME_LIMIT_MS);
      try {
        const { id, doc } = await saveUploadedPdf(db, store(), uid, file, assignmentId);
        if (rateLimiter.check) await rateLimiter.hit(uid);
        res.status(201).json({
          file_id: id,
          name: doc.name,
          size: doc.size,
          pages: doc.pages,
        } satisfies AnswerOf<'POST /api/upload-pdf'>);
      } catch (err) {
        if (err instanceof PdfLimitError) throw pdfLimitError(err, file.name);
        if (err instanceof PdfReadError) {
          throw badRequest(
            err.reason === 'password'
              ? `File ${file.name} is password-protected. Please upload it without a password.`
              : fileNotPdf(file.name),
          );
        }
        throw err;
      }
    }),
  );

  return router;
}

/**
 * The PDFs attached to one of the caller's assignments: the list (name, size, upload time)
 * and the removal of one (its stored bytes and its record). Another student's assignment or
 * file answers 404, like a missing one. A file can be removed before its assignment is
 * created (the editor of a new assignment attaches uploads to the id it will create).
 */
export function attachedFileRoutes(
  db: Firestore,
  store: () => FileStore = () => fileStoreFromEnv(),
) {
  const router = Router();

  router.get(
    '/assignment/:id/files',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const id = pathId(req.params.id, ASSIGNMENT_NOT_FOUND);
      if (!(await readAssignmentDoc(db, uid, id))) throw notFound(ASSIGNMENT_NOT_FOUND);
      res.json({
        files: await listAttachedFiles(db, uid, id),
      } satisfies AnswerOf<'GET /api/assignment/:id/files'>);
    }),
  );

  router.delete(
    '/assignment/:id/files/:fileId',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const id = pathId(req.params.id, ASSIGNMENT_NOT_FOUND);
      const fileId = pathId(req.params.fileId, FILE_NOT_ATTACHED);
      if (!(await removeAttachedFile(db, store(), uid, id, fileId))) {
        throw notFound(FILE_NOT_ATTACHED);
      }
      res.json({
        files: await listAttachedFiles(db, uid, id),
      } satisfies AnswerOf<'DELETE /api/assignment/:id/files/:fileId'>);
    }),
  );

  return router;
}
