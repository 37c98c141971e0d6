import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LandingPage } from '../landing/LandingPage.tsx';
import { LoginPage } from '../auth/LoginPage.tsx';

// Everything behind sign-in (and all Firebase code) loads only when needed.
const SignedInApp = lazy(() => import('./SignedInApp.tsx'));

/** SPEC §2 routes. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route path="/login" element={<LoginPage />} />
      <Route
        path="*"
        element={
          <Suspense fallback={null}>
            <SignedInApp />
          </Suspense>
        }
      />
    </Routes>
  );
}
