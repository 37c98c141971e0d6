import type { UserProfile } from '@brainboard/domain';

/** Both the privacy policy and the terms must be accepted. */
export function hasAcceptedBoth(
  user: Pick<UserProfile, 'privacy_accepted_at' | 'tos_accepted_at'>,
): boolean {
  return Boolean(user.privacy_accepted_at) && Boolean(user.tos_accepted_at);
}
