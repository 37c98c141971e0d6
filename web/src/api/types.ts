import type { UserProfile } from '@brainboard/domain';

/** The signed-in user as GET /api/session answers it (SPEC §3 User, DESIGN §3). */
export type SessionUser = UserProfile;

/** Body of GET /api/session: the user, and in some answers a top-level csrf_token. */
export interface SessionResponse {
  user: SessionUser;
  csrf_token?: string;
}
