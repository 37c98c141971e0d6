import {
  browserPopupRedirectResolver,
  getRedirectResult,
  GoogleAuthProvider,
  signInWithCredential,
  signInWithRedirect,
} from 'firebase/auth';
import { useEffect, useRef, useState } from 'react';
import { Link } from '../router/router.tsx';
import { readStored, STORAGE_KEYS, writeStored } from '../data/storage.ts';
import { useNavigate } from '../router/routerContext.ts';
import { config, USE_EMULATORS } from '../config.ts';
import { callEndpoint } from '../data/api/call.ts';
import { api } from '../data/api.ts';
import { auth } from '../firebase/firebase.ts';
import { emulatorChooserUrl, takeEmulatorChoice } from './emulatorChooser.ts';
import {
  CALENDAR_SCOPE,
  continueGoogleSignIn,
  startGoogleRedirect,
  type SignInSeams,
} from './googleSignIn.ts';

/** Whether this tab started a sign-in; without storage the flow works but cannot see a loop. */
const pending = {
  get: () => readStored(STORAGE_KEYS.signInPending, 'session') === '1',
  set: (value: boolean) => writeStored(STORAGE_KEYS.signInPending, value ? '1' : null, 'session'),
};

async function startRedirect(): Promise<void> {
  if (USE_EMULATORS) {
    window.location.assign(
      emulatorChooserUrl({
        apiKey: config.firebase.apiKey,
        returnUrl: `${window.location.origin}${window.location.pathname}`,
        scopes: [CALENDAR_SCOPE],
      }),
    );
    return;
  }
  const provider = new GoogleAuthProvider();
  provider.addScope(CALENDAR_SCOPE);
  provider.setCustomParameters({ prompt: 'select_account' });
  // firebase.ts sets up Auth without a redirect resolver; this flow brings its own.
  await signInWithRedirect(auth, provider, browserPopupRedirectResolver);
}

/** The user who just came back from the identity provider, or null. */
async function redirectResult() {
  if (USE_EMULATORS) {
    const idToken = takeEmulatorChoice(sessionStorage, config.firebase.apiKey);
    if (!idToken) return null;
    const result = await signInWithCredential(auth, GoogleAuthProvider.credential(idToken));
    return result.user;
  }
  const result = await getRedirectResult(auth, browserPopupRedirectResolver);
  return result?.user ?? null;
}

/**
 * `/auth/google`: where `GET /api/auth/google` sends the browser. It signs in
 * with Google by redirect and sets up calendar access (googleSignIn.ts).
 */
export default function GoogleSignInPage() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  const seams: SignInSeams = {
    redirectResult,
    currentUser: async () => {
      await auth.authStateReady();
      return auth.currentUser;
    },
    startRedirect,
    requestGrant: () => callEndpoint(api, 'POST /api/auth/google/grant', {}, {}),
    leaveTo: (url) => window.location.assign(url),
    goToDashboard: () => navigate('/dashboard', { replace: true }),
    pending,
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void continueGoogleSignIn(seams).then((outcome) => {
      if (outcome.kind === 'error') setError(outcome.message);
    });
    // Runs once per visit; the seams only close over stable values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function retry() {
    setError(null);
    const outcome = await startGoogleRedirect(seams);
    if (outcome.kind === 'error') setError(outcome.message);
  }

  return (
    <main className="page">
      <h1>Brainboard</h1>
      {error ? (
        <>
          <p role="alert">{error}</p>
          <button type="button" className="button" onClick={() => void retry()}>
            Try again
          </button>
          <p>
            <Link to="/">Back to the start page</Link>
          </p>
        </>
      ) : (
        <p role="status">Signing you in…</p>
      )}
    </main>
  );
}
