import { useEffect, useState } from 'react';
import { Link } from '../router/router.tsx';
import { ThemeToggle } from '../theme/ThemeToggle.tsx';
import { GOOGLE_SIGN_IN_PATH } from './googleSignIn.ts';

const leave = (url: string) => window.location.assign(url);

/**
 * The login page: one button, which takes the browser to the sign-in path
 * under /api/auth/. A plain navigation: no popup, so it works on
 * phones and needs no user gesture to survive a code download.
 */
export function LoginPage({ navigateTo = leave }: { navigateTo?: (url: string) => void }) {
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    // Coming back with the Back button restores this page from the cache: start fresh.
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);
  return (
    <main className="page login">
      <div className="login__bar">
        <Link to="/" className="login__back">
          ← Back to the start page
        </Link>
        <ThemeToggle />
      </div>
      <h1>Brainboard</h1>
      <p className="tagline">Every brain is welcome</p>
      <button
        type="button"
        className="button"
        aria-busy={leaving}
        onClick={() => {
          setLeaving(true);
          navigateTo(GOOGLE_SIGN_IN_PATH);
        }}
      >
        Sign in with Google
      </button>
      {leaving && <p role="status">Taking you to Google…</p>}
    </main>
  );
}
