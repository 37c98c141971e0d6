import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { HttpError } from '../http/errors.ts';
import { profileRef } from './profile.ts';

/** Set on the profile when account deletion starts; no new data may be written after it. */
export const DELETING_FIELD = 'deleting';

const ACCOUNT_CLOSING = 'This account is being deleted, so nothing was saved.';

/**
 * Inside a transaction that creates something under `users/{uid}`: refuses when the account is
 * gone or being deleted. The profile is read in the transaction, so the deletion flag, written
 * before the sweep, either comes first (and this refuses) or waits for this write (and the
 * sweep removes it).
 */
export async function requireLiveAccount(
  tx: Transaction,
  db: Firestore,
  uid: string,
): Promise<void> {
  const profile = await tx.get(profileRef(db, uid));
  if (!profile.exists || profile.get(DELETING_FIELD) === true) {
    throw new HttpError(403, ACCOUNT_CLOSING);
  }
}
