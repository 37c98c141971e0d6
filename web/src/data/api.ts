import { createApiClient } from './api/client.ts';
import { config } from '../config.ts';
import { loadAuth } from '../firebase/loadAuth.ts';

/**
 * The API client of signed-in pages: every call carries the user's ID token. Assignment writes
 * never go as bare calls: each is a mutation sent through the outbox (outbox/pending.ts,
 * sendMutation), which keeps it on this device when there is no connection.
 */
export const api = createApiClient({ baseUrl: config.apiBase, getIdToken: currentIdToken });

/** The signed-in user's ID token once Auth knows, or null without a user. */
export async function currentIdToken(): Promise<string | null> {
  const auth = await loadAuth();
  await auth.authStateReady();
  return auth.currentUser ? auth.currentUser.getIdToken() : null;
}
