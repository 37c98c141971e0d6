import { createHash } from 'node:crypto';
import type { PushDevice } from '@brainboard/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { refreshScheduledDevices } from '../reminderSchedule/schedule.ts';
import { pushUsers, type DeviceCopy } from '../reminderSchedule/deviceList.ts';

/**
 * `users/{uid}/push_subscriptions/{id}`: one per device, the id derived from the endpoint so
 * subscribing the same device again replaces its entry. `push_users/{uid}` exists while the
 * student has a device and holds `devices`: what sending needs of each (id, endpoint, keys),
 * the list every reminder schedule entry copies (docs/decisions/0017-reminder-schedule.md).
 * Both are server-only (firestore.rules).
 */
export interface StoredSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  device_name: string;
  created_at: string;
}

export const MAX_DEVICES = 10;

export const subscriptionsOf = (db: Firestore, uid: string) =>
  db.collection('users').doc(uid).collection('push_subscriptions');

const subscriptionId = (endpoint: string) =>
  createHash('sha256').update(endpoint).digest('hex').slice(0, 40);

export async function listDevices(db: Firestore, uid: string): Promise<PushDevice[]> {
  const snap = await subscriptionsOf(db, uid).get();
  return snap.docs
    .map((d) => {
      const s = d.data() as StoredSubscription;
      return { id: d.id, device_name: s.device_name, created_at: s.created_at };
    })
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

export async function readSubscriptions(
  db: Firestore,
  uid: string,
): Promise<(StoredSubscription & { id: string })[]> {
  const snap = await subscriptionsOf(db, uid).get();
  return snap.docs.map((d) => ({ id: d.id, ...(d.data() as StoredSubscription) }));
}

const copyOf = (id: string, s: Pick<StoredSubscription, 'endpoint' | 'keys'>): DeviceCopy => ({
  id,
  endpoint: s.endpoint,
  keys: { p256dh: s.keys.p256dh, auth: s.keys.auth },
});

/**
 * Stores (or refreshes) a device, unless the student already has `max` others: answers its id,
 * or null when the list is full. One transaction reads the list and writes the device, and
 * every change to a student's devices (this and removeSubscription) reads and writes their
 * `push_users/{uid}` document too, so two changes at once conflict and run one after the
 * other: concurrent subscribes cannot pass the cap together.
 */
export async function saveSubscription(
  db: Firestore,
  uid: string,
  sub: Omit<StoredSubscription, 'created_at'>,
  now: Date,
  max = MAX_DEVICES,
): Promise<string | null> {
  const id = subscriptionId(sub.endpoint);
  const marker = pushUsers(db).doc(uid);
  const saved = await db.runTransaction(async (tx) => {
    await tx.get(marker);
    const devices = await tx.get(subscriptionsOf(db, uid));
    if (devices.size >= max && !devices.docs.some((d) => d.id === id)) return null;
    tx.set(subscriptionsOf(db, uid).doc(id), { ...sub, created_at: now.toISOString() });
    const others = devices.docs
      .filter((d) => d.id !== id)
      .map((d) => copyOf(d.id, d.data() as StoredSubscription));
    tx.set(marker, {
      uid,
      updated_at: now.toISOString(),
      devices: [...others, copyOf(id, sub)],
    });
    return id;
  });
  if (saved) await refreshScheduledDevices(db, uid);
  return saved;
}

/**
 * Removes a device (and its copies in the schedule); `push_users/{uid}` goes with the last one.
 */
export async function removeSubscription(db: Firestore, uid: string, id: string): Promise<void> {
  const marker = pushUsers(db).doc(uid);
  await db.runTransaction(async (tx) => {
    await tx.get(marker);
    const devices = await tx.get(subscriptionsOf(db, uid));
    tx.delete(subscriptionsOf(db, uid).doc(id));
    const left = devices.docs
      .filter((d) => d.id !== id)
      .map((d) => copyOf(d.id, d.data() as StoredSubscription));
    if (left.length === 0) tx.delete(marker);
    else tx.set(marker, { uid, updated_at: new Date().toISOString(), devices: left });
  });
  await refreshScheduledDevices(db, uid);
}

export async function hasSubscription(db: Firestore, uid: string, id: string): Promise<boolean> {
  return (await subscriptionsOf(db, uid).doc(id).get()).exists;
}

/** Notes when a test notification last reached the device. */
export async function markTested(db: Firestore, uid: string, id: string, now: Date): Promise<void> {
  await subscriptionsOf(db, uid).doc(id).update({ last_test_at: now.toISOString() });
}
