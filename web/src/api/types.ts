/** The signed-in user as GET /api/session answers it (SPEC §3 User, DESIGN §3). */
export interface SessionUser {
  id: string;
  email: string | null;
  name: string | null;
  csrf_token: string;
  ai_help_enabled: boolean;
  ai_deep_dive_enabled: boolean;
  privacy_accepted_at: string | null;
  tos_accepted_at: string | null;
  last_used_version: string | null;
  last_whats_new_version: string | null;
}

/** Body of GET /api/session: the user, and in some answers a top-level csrf_token. */
export interface SessionResponse {
  user: SessionUser;
  csrf_token?: string;
}
