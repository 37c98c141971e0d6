import { createApiClient } from '../api/client.ts';
import { config } from '../config.ts';
import { auth } from './firebase.ts';

/** The API client for signed-in pages: every call carries the user's ID token. */
export const api = createApiClient({
  baseUrl: config.apiBase,
  getIdToken: async () => {
    await auth.authStateReady();
    return auth.currentUser ? auth.currentUser.getIdToken() : null;
  },
});
