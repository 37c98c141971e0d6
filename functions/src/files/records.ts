import type { Firestore } from 'firebase-admin/firestore';
import { badRequest, notFound } from '../http/errors.ts';
import { readPdfText } from './pdfSandbox.ts';
import { fileStoreFromEnv, storedFilePath, userFilesPrefix, type FileStore } from './store.ts';

/** `users/{uid}/files/{fileId}` (DESIGN §2): PDF metadata and its extracted text. */
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
