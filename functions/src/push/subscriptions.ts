import { createHash } from 'node:crypto';
import type { PushDevice } from '@brainboard/domain';
import type { Firestore } from 'firebase-admin/firestore';

/**
 * `users/{uid}/push_subscriptions/{id}`: one per device, the id derived from the endpoint so
 * subscribing the same device again replaces its entry. `push_users/{uid}` lists the students
 * with at least one device, which is where the reminder dispatcher starts.
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
export const pushUsers = (db: Firestore) => db.collection('push_users');

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
  return db.runTransaction(async (tx) => {
    await tx.get(marker);
    const devices = await tx.get(subscriptionsOf(db, uid));
    if (devices.size >= max && !devices.docs.some((d) => d.id === id)) return null;
    tx.set(subscriptionsOf(db, uid).doc(id), { ...sub, created_at: now.toISOString() });
    tx.set(marker, { uid, updated_at: now.toISOString() });
    return id;
  });
}

/** Removes a device; the student leaves the dispatcher's list with their last one. */
export async function removeSubscription(db: Firestore, uid: string, id: string): Promise<void> {
  const marker = pushUsers(db).doc(uid);
  await db.runTransaction(async (tx) => {
    await tx.get(marker);
    const devices = await tx.get(subscriptionsOf(db, uid));
    tx.delete(subscriptionsOf(db, uid).doc(id));
    if (devices.docs.every((d) => d.id === id)) tx.delete(marker);
    else tx.set(marker, { uid, updated_at: new Date().toISOString() });
  });
}
