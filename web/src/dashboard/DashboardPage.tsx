import { useEffect, useState } from 'react';
import type { SessionUser } from '../api/client.ts';
import { errorDetail } from '../api/client.ts';
import { api } from '../firebase/api.ts';

/** Placeholder dashboard: proves the signed-in path reaches the API. */
export function DashboardPage() {
  const [user, setUser] = useState<SessionUser | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api.getSession().then(setUser, (err: unknown) => setError(errorDetail(err)));
  }, []);

  return (
    <main className="page">
      <h1>Brainboard</h1>
      {error && <p role="alert">{error}</p>}
      {user && <p>Signed in as {user.email ?? user.name ?? user.id}</p>}
    </main>
  );
}
