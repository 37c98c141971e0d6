import { createApiClient } from './api/client.ts';
import { config } from '../config.ts';
import { auth } from '../firebase/firebase.ts';

/**
 * The API client of signed-in pages: every call carries the user's ID token. Assignment writes
 * never go as bare calls: each is a mutation sent through the outbox (outbox/pending.ts,
 * sendMutation), which keeps it on this device when there is no connection.
 */
export const api = createApiClient({
  baseUrl: config.apiBase,
  getIdToken: async () => {
    await auth.authStateReady();
    return auth.currentUser ? auth.currentUser.getIdToken() : null;
  },
});
