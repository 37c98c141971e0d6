import type { Firestore, Transaction } from 'firebase-admin/firestore';

/**
 * `push_users/{uid}`: exists while the student has a push device, and holds `devices`, what
 * sending a reminder needs of each (id, endpoint, keys). Every change to the student's devices
 * rewrites it in the transaction that makes the change (push/subscriptions.ts), and every reminder
 * schedule entry copies it (docs/decisions/0017-reminder-schedule.md), so the dispatcher reads
 * no device documents. Server-only, like the devices themselves (firestore.rules).
 */
export const pushUsers = (db: Firestore) => db.collection('push_users');

/** What sending a reminder needs of one device. */
export interface DeviceCopy {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** The list as a read of `push_users/{uid}` holds it (none when it is missing). */
export function devicesOf(marker: { exists: boolean; get(field: string): unknown }): DeviceCopy[] {
  const list = marker.exists ? marker.get('devices') : null;
  return Array.isArray(list) ? (list as DeviceCopy[]) : [];
}

/** Reads the student's device list in transaction `tx` (one document). */
export async function readDeviceCopies(
  tx: Transaction,
  db: Firestore,
  uid: string,
): Promise<DeviceCopy[]> {
  return devicesOf(await tx.get(pushUsers(db).doc(uid)));
}

/** Whether a stored copy lists exactly these devices (in any order). */
export function sameDevices(stored: unknown, devices: readonly DeviceCopy[]): boolean {
  if (!Array.isArray(stored) || stored.length !== devices.length) return false;
  const byId = new Map((stored as Partial<DeviceCopy>[]).map((s) => [s?.id, s]));
  return devices.every((d) => {
    const s = byId.get(d.id);
    return (
      s?.endpoint === d.endpoint && s.keys?.p256dh === d.keys.p256dh && s.keys.auth === d.keys.auth
    );
  });
}
