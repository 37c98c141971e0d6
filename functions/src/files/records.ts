import type { Firestore } from 'firebase-admin/firestore';
import { badRequest, notFound } from '../http/errors.ts';
import { readPdfText } from './pdfSandbox.ts';
import { fileStoreFromEnv, storedFilePath, userFilesPrefix, type FileStore } from './store.ts';

/**
 * `users/{uid}/files/{fileId}` (docs/architecture.md, The data model): PDF metadata and its
 * extracted text.
 */
export interface FileDoc {
  name: string;
  size: number;
  content_type: 'application/pdf';
  /** Where the bytes are in the file store. */
  storage_path: string;
  /** Extracted once at upload, capped (PDF_TEXT_MAX_CHARS). */
  text: string;
  text_truncated: boolean;
  pages: number;
  created_at: string;
  /** The assignment it is attached to; absent or null for a file attached to none. */
  assignment_id?: string | null;
}

/** What the editor lists of an attached file. */
export interface AttachedFile {
  id: string;
  name: string;
  size: number;
  uploaded_at: string;
}

function filesOf(db: Firestore, uid: string) {
  return db.collection('users').doc(uid).collection('files');
}

const FILE_ID_RE = /^[A-Za-z0-9_-]{1,128}$/;

/** Stores an uploaded PDF: bytes in the file store, metadata and text in Firestore. */
export async function saveUploadedPdf(
  db: Firestore,
  store: FileStore,
  uid: string,
  file: { name: string; bytes: Buffer },
  assignmentId: string | null = null,
  now = new Date(),
): Promise<{ id: string; doc: FileDoc }> {
  // Extract first: a PDF that cannot be read is refused before anything is stored.
  const extracted = await readPdfText(file.bytes);
  const ref = filesOf(db, uid).doc();
  const path = storedFilePath(uid, ref.id);
  await store.put(path, file.bytes, 'application/pdf');
  const doc: FileDoc = {
    name: file.name,
    size: file.bytes.length,
    content_type: 'application/pdf',
    storage_path: path,
    text: extracted.text,
    text_truncated: extracted.truncated,
    pages: extracted.pages,
    created_at: now.toISOString(),
    assignment_id: assignmentId,
  };
  await ref.set(doc);
  return { id: ref.id, doc };
}

/** The caller's own file, for AI context. Another user's id answers 404, like a missing one. */
export async function fileContextOf(
  db: Firestore,
  uid: string,
  fileId: string,
): Promise<{ name: string; text: string; truncated: boolean }> {
  if (!FILE_ID_RE.test(fileId)) throw badRequest('file_id is not valid.');
  const snap = await filesOf(db, uid).doc(fileId).get();
  if (!snap.exists) throw notFound('That file was not found. Please upload it again.');
  const doc = snap.data() as FileDoc;
  return { name: doc.name, text: doc.text ?? '', truncated: doc.text_truncated === true };
}

/** The files attached to one of the caller's assignments, oldest first. */
export async function listAttachedFiles(
  db: Firestore,
  uid: string,
  assignmentId: string,
): Promise<AttachedFile[]> {
  const snap = await filesOf(db, uid).where('assignment_id', '==', assignmentId).get();
  return snap.docs
    .map((d) => {
      const doc = d.data() as FileDoc;
      return { id: d.id, name: doc.name, size: doc.size, uploaded_at: doc.created_at };
    })
    .sort((a, b) => a.uploaded_at.localeCompare(b.uploaded_at) || a.id.localeCompare(b.id));
}

/**
 * Removes one file attached to the assignment: its bytes, then its record, so a removal that
 * stops half way can simply be sent again. False when the caller has no such file attached
 * to that assignment.
 */
export async function removeAttachedFile(
  db: Firestore,
  store: FileStore,
  uid: string,
  assignmentId: string,
  fileId: string,
): Promise<boolean> {
  const ref = filesOf(db, uid).doc(fileId);
  const snap = await ref.get();
  const doc = snap.data() as FileDoc | undefined;
  if (!doc || doc.assignment_id !== assignmentId) return false;
  await store.delete(storedFilePath(uid, fileId));
  await ref.delete();
  return true;
}

/** Removes every file attached to the assignment (when the assignment is deleted). */
export async function removeAssignmentFiles(
  db: Firestore,
  store: FileStore,
  uid: string,
  assignmentId: string,
): Promise<void> {
  const snap = await filesOf(db, uid).where('assignment_id', '==', assignmentId).get();
  for (const d of snap.docs) await store.delete(storedFilePath(uid, d.id));
  for (let i = 0; i < snap.docs.length; i += 400) {
    const batch = db.batch();
    for (const d of snap.docs.slice(i, i + 400)) batch.delete(d.ref);
    await batch.commit();
  }
}

/**
 * Deletes every file of a user: the stored bytes and the metadata records.
 * For account deletion. Returns how many records were removed.
 */
export async function deleteUserFiles(
  db: Firestore,
  uid: string,
  store: FileStore = fileStoreFromEnv(),
): Promise<number> {
  await store.deletePrefix(userFilesPrefix(uid));
  const snap = await filesOf(db, uid).get();
  for (let i = 0; i < snap.docs.length; i += 400) {
    const batch = db.batch();
    for (const d of snap.docs.slice(i, i + 400)) batch.delete(d.ref);
    await batch.commit();
  }
  return snap.size;
}
