import { lazy, Suspense } from 'react';
import { LandingPage } from '../landing/LandingPage.tsx';
import { chunk } from '../loading/chunk.ts';
import { SignedInApp } from './signedInChunk.ts';
import { PUBLIC_PATHS } from './publicPaths.ts';
import { ChunkBoundary } from '../loading/ChunkBoundary.tsx';
import { PageSkeleton } from '../loading/PageSkeleton.tsx';
import { Navigate } from '../router/router.tsx';
import { useLocation } from '../router/routerContext.ts';
import { readSessionHint, STORAGE_KEYS, writeStored } from '../data/storage.ts';

// The landing page is drawn by the entry without React (src/main.ts); inside the app it is the
// same page. Everything behind sign-in loads with SignedInApp (signedInChunk.ts), Firebase after
// its first frame; login and legal pages load alone.
const LoginPage = lazy(() =>
  chunk(import('../auth/LoginPage.tsx')).then((m) => ({ default: m.LoginPage })),
);
const GoogleSignInPage = lazy(() => chunk(import('../auth/GoogleSignInPage.tsx')));
const PrivacyPolicyPage = lazy(() =>
  chunk(import('../legal/PrivacyPolicyPage.tsx')).then((m) => ({ default: m.PrivacyPolicyPage })),
);
const TermsOfServicePage = lazy(() =>
  chunk(import('../legal/TermsOfServicePage.tsx')).then((m) => ({ default: m.TermsOfServicePage })),
);

/** The routes: public /, /login, /privacy, /tos; every other path is protected. */
export function AppRoutes() {
  const { pathname } = useLocation();
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  // A supporter's invitation link: its token is kept through sign-in (shares/SupporterApp.tsx).
  const invite = /^\/supporter\/([A-Za-z0-9_-]{43})$/.exec(path)?.[1];
  if (invite) writeStored(STORAGE_KEYS.supporterInvite, invite);

  if (path === '/' || path === '/login') {
    // Signed in with both accepted (as last seen here): straight to the board.
    // The protected area checks the real user and clears a stale hint.
    if (readSessionHint() === 'accepted') return <Navigate to="/dashboard" />;
    if (path === '/') return <LandingPage />;
  }

  const signedInPath = !PUBLIC_PATHS.includes(path);
  return (
    // Never blank while a page's code loads: the skeleton, of the board on the way to it; a
    // calm "Try again" if it cannot load.
    <ChunkBoundary>
      <Suspense fallback={<PageSkeleton board={signedInPath} />}>
        {path === '/login' ? (
          <LoginPage />
        ) : path === '/auth/google' ? (
          <GoogleSignInPage />
        ) : path === '/privacy' ? (
          <PrivacyPolicyPage />
        ) : path === '/tos' ? (
          <TermsOfServicePage />
        ) : (
          <SignedInApp />
        )}
      </Suspense>
    </ChunkBoundary>
  );
}
