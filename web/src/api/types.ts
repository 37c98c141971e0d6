import type { UserProfile } from '@brainboard/domain';

/** The signed-in user as GET /api/session answers it (SPEC §3 User, DESIGN §3). */
export type SessionUser = UserProfile;
