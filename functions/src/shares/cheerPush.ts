import type { Cheer } from '@brainboard/domain';
import type { Firestore } from 'firebase-admin/firestore';
import type { PushSender } from '../push/send.ts';
import { readSubscriptions, removeSubscription } from '../push/subscriptions.ts';

/** The notification a cheer makes: who it is from and their words; it opens the board. */
const cheerMessage = (cheer: Cheer) => ({
  title: `A cheer from ${cheer.from}`,
  body: cheer.text,
  tag: `cheer-${cheer.id}`,
  assignment_id: null,
  url: '/dashboard',
  tokens: {},
});

/**
 * Sends a cheer to every device the student has allowed notifications on (Settings, Reminders),
 * all at once, each within the push sender's own deadline. A device its push service no longer
 * knows is removed; any other failure leaves only the note on the board, which the cheer always
 * is. Answers how many devices took it.
 */
export async function pushCheer(
  db: Firestore,
  send: PushSender,
  studentUid: string,
  cheer: Cheer,
): Promise<number> {
  const devices = await readSubscriptions(db, studentUid);
  const message = cheerMessage(cheer);
  const outcomes = await Promise.all(
    devices.map(async (d) => {
      const outcome = await send(d, message);
      if (outcome === 'gone') await removeSubscription(db, studentUid, d.id);
      return outcome;
    }),
  );
  return outcomes.filter((o) => o === 'sent').length;
}
