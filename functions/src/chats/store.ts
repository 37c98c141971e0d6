import type { ChatMessage } from '@brainboard/domain';
import type { Firestore } from 'firebase-admin/firestore';

/**
 * `users/{uid}/chats/{assignmentId}` (docs/architecture.md, The data model): the saved AI Help chat
 * of one assignment.
 */
interface ChatDoc {
  messages: ChatMessage[];
  updated_at: string;
}

export function chatsOf(db: Firestore, uid: string) {
  return db.collection('users').doc(uid).collection('chats');
}

export async function loadChat(db: Firestore, uid: string, assignmentId: string) {
  const snap = await chatsOf(db, uid).doc(assignmentId).get();
  const messages = (snap.get('messages') as unknown) ?? [];
  return Array.isArray(messages) ? (messages as ChatMessage[]) : [];
}

/** Stores the chat, system messages left out (docs/architecture.md). */
export async function saveChat(
  db: Firestore,
  uid: string,
  assignmentId: string,
  messages: ChatMessage[],
  now = new Date(),
): Promise<number> {
  const kept = messages
    .filter((m) => m.role !== 'system')
    .map((m) => ({ role: m.role, content: m.content }));
  const doc: ChatDoc = { messages: kept, updated_at: now.toISOString() };
  await chatsOf(db, uid).doc(assignmentId).set(doc);
  return kept.length;
}

/** Deletes the saved chat of one assignment (when the assignment is deleted). */
export async function deleteChat(db: Firestore, uid: string, assignmentId: string): Promise<void> {
  await chatsOf(db, uid).doc(assignmentId).delete();
}
