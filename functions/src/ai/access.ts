import type { Firestore } from 'firebase-admin/firestore';
import { forbidden } from '../http/errors.ts';
import { profileRef } from '../profile/profile.ts';

/** The per-user opt-ins (docs/product.md, Who can do what). */
export type AiOptIn = 'ai_help_enabled' | 'ai_deep_dive_enabled';

const AI_HELP_OFF =
  'AI Help is turned off for your account. Turn on "Enable AI Help" in Settings to use it.';
const AI_DEEP_DIVE_OFF =
  'AI Deep Dive is turned off for your account. Turn on "Enable AI Deep Dive" in Settings to use it.';

/** Throws 403 unless the user has opted in (the AI consent sets these). */
export async function requireOptIn(db: Firestore, uid: string, optIn: AiOptIn): Promise<void> {
  const snap = await profileRef(db, uid).get();
  if (snap.get(optIn) !== true) {
    throw forbidden(optIn === 'ai_help_enabled' ? AI_HELP_OFF : AI_DEEP_DIVE_OFF);
  }
}
