import { Navigate, Route, Routes } from 'react-router-dom';
import { DashboardPage } from '../dashboard/DashboardPage.tsx';
import { AuthProvider } from '../firebase/AuthProvider.tsx';
import { useAuthState } from '../firebase/authContext.ts';
import { auth } from '../firebase/firebase.ts';
import { SessionProvider } from '../session/SessionProvider.tsx';

function Protected() {
  const state = useAuthState();
  // SPEC §2: while the user state is undetermined, render nothing.
  if (state.status === 'loading') return null;
  if (!state.user) return <Navigate to="/login" replace />;
  return (
    <SessionProvider key={state.user.uid}>
      <Routes>
        <Route path="/dashboard" element={<DashboardPage />} />
        <Route path="*" element={<Navigate to="/dashboard" replace />} />
      </Routes>
    </SessionProvider>
  );
}

/** Signed-in pages, with the Auth instance from firebase/firebase.ts. */
export default function SignedInApp() {
  return (
    <AuthProvider auth={auth}>
      <Protected />
    </AuthProvider>
  );
}
