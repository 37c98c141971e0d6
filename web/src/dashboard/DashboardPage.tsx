import { useSession } from '../session/sessionContext.ts';

/** Placeholder dashboard: proves the signed-in path reaches the API. */
export function DashboardPage() {
  const { user } = useSession();
  return (
    <main className="page">
      <h1>Brainboard</h1>
      {user === null && <p role="alert">Could not load your session. Please reload.</p>}
      {user && <p>Signed in as {user.email ?? user.name ?? user.id}</p>}
    </main>
  );
}
