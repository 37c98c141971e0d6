import { randomBytes } from 'node:crypto';
import { DEFAULT_TIME_ZONE, type UserProfile } from '@brainboard/domain';
import type { DecodedIdToken } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';

/** `users/{uid}`: the user's profile as stored. */
export interface ProfileDoc extends UserProfile {
  created_at: string;
}

const newCsrfToken = () => randomBytes(32).toString('base64url');

export function profileRef(db: Firestore, uid: string) {
  return db.collection('users').doc(uid);
}

/** The student's time zone as the profile stores it (`time_zone`), or the default. */
export const profileZone = (zone: unknown): string =>
  typeof zone === 'string' && zone ? zone : DEFAULT_TIME_ZONE;

/** A fresh profile with its defaults: AI off, nothing accepted yet. */
export function newProfile(
  user: { uid: string; email?: string | undefined; name?: unknown },
  now: Date,
): ProfileDoc {
  return {
    id: user.uid,
    email: user.email ?? null,
    name: typeof user.name === 'string' ? user.name : null,
    csrf_token: newCsrfToken(),
    ai_help_enabled: false,
    ai_deep_dive_enabled: false,
    privacy_accepted_at: null,
    tos_accepted_at: null,
    last_used_version: null,
    last_whats_new_version: null,
    created_at: now.toISOString(),
  };
}

function isAlreadyExists(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return code === 6 || code === 'already-exists' || code === 'ALREADY_EXISTS';
}

/**
 * Reads the caller's profile, creating it on their first session. Creation
 * uses `create()`, which fails if the document exists, so a second call (or
 * two first calls at once) never resets fields.
 */
export async function getOrCreateProfile(
  db: Firestore,
  user: DecodedIdToken,
  now = new Date(),
): Promise<ProfileDoc> {
  const ref = profileRef(db, user.uid);
  const existing = await ref.get();
  if (existing.exists) return existing.data() as ProfileDoc;
  const profile = newProfile(user, now);
  try {
    await ref.create(profile);
    return profile;
  } catch (err) {
    if (!isAlreadyExists(err)) throw err;
    const again = await ref.get();
    return again.data() as ProfileDoc;
  }
}

export async function csrfTokenOf(db: Firestore, uid: string): Promise<string | null> {
  const snap = await profileRef(db, uid).get();
  const token = snap.get('csrf_token') as unknown;
  return typeof token === 'string' ? token : null;
}

/** Gives the profile a fresh CSRF token, so the old one stops working. */
export async function rotateCsrfToken(db: Firestore, uid: string): Promise<void> {
  await profileRef(db, uid).update({ csrf_token: newCsrfToken() });
}

/** What `GET /api/session` answers. */
export function sessionUser(profile: ProfileDoc, user: DecodedIdToken): UserProfile {
  const { created_at: _createdAt, ...fields } = profile;
  return {
    ...fields,
    id: user.uid,
    email: user.email ?? profile.email,
    name: (user.name as string | undefined) ?? profile.name,
  };
}
