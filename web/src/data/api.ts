import { createApiClient } from './api/client.ts';
import { config } from '../config.ts';
import { withOfflineWrites } from './outbox/pending.ts';
import { auth } from '../firebase/firebase.ts';

/** The API client as such: every call carries the user's ID token. */
export const directApi = createApiClient({
  baseUrl: config.apiBase,
  getIdToken: async () => {
    await auth.authStateReady();
    return auth.currentUser ? auth.currentUser.getIdToken() : null;
  },
});

/**
 * The API client for signed-in pages: the same client, and while the board is shown an
 * assignment write that fails for want of a connection waits on this device (offline/pending.ts).
 */
export const api = withOfflineWrites(directApi);
