import type { UserProfile } from '@brainboard/domain';

/** The signed-in user as GET /api/session answers it (docs/product.md, Data the student sees). */
export type SessionUser = UserProfile;
