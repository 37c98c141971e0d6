import type { Firestore } from 'firebase-admin/firestore';
import type { PushConfig } from '../push/config.ts';
import { webPushSender } from '../push/send.ts';
import { actionKey } from './actionToken.ts';
import { dispatchReminders, type DispatchReport } from './dispatcher.ts';
import { firestoreReminderStore } from './store.ts';

/**
 * One run of the reminder dispatcher: what the scheduled function does every minute in
 * production and the local stack every few seconds. Without VAPID keys there is nothing to do.
 */
export async function runReminderDispatch(
  db: Firestore,
  config: PushConfig | null,
  now = new Date(),
): Promise<DispatchReport | null> {
  if (!config) return null;
  return dispatchReminders({
    store: firestoreReminderStore(db),
    send: webPushSender(config),
    now,
    tokenKey: actionKey(config.privateKey),
  });
}
