import { describe, expect, it } from 'vitest';
import { createApp } from '../../../functions/src/app.ts';
import { readConfig } from '../../../functions/src/config.ts';
import { declaredRoutes } from '../../../functions/src/http/declaredRoutes.ts';
import { admin } from '../../support/firestore.ts';
import { makeStudent, send, STACK_TRACE, storedFor } from '../../support/security.ts';
import { ENDPOINTS, nameOf, PUBLIC_ROUTES, storesSomething } from './endpoints.ts';

/** Every `METHOD /api<path>` the Express app declares, read from its router. */
function appRoutes(): string[] {
  const { auth, db } = admin();
  return declaredRoutes(createApp({ auth, db, config: readConfig() }));
}

/**
 * A read that is rate-limited (the data download) counts itself in `private/*-rate-*`; that
 * count is the server's bookkeeping, not a change to the student's data.
 */
function withoutRateCounters(stored: Record<string, unknown>): Record<string, unknown> {
  const priv = stored.private as Record<string, unknown> | undefined;
  if (!priv) return stored;
  const kept = Object.fromEntries(
    Object.entries(priv).filter(([id]) => !/-rate-\d+s-\d+$/.test(id)),
  );
  return { ...stored, private: kept };
}

describe('the security suite covers every endpoint', () => {
  it('lists every route the app serves, and no route it does not', () => {
    const listed = [...ENDPOINTS.map(nameOf), ...PUBLIC_ROUTES].sort();
    expect(listed).toEqual(appRoutes());
  });
});

describe('control: each listed request succeeds for its owner', () => {
  // So every refusal in this suite is the check under test, not a broken request; and
  // each state-changing call changes what `stored` reads, so "nothing stored changed"
  // after a refusal means something.
  it.each(ENDPOINTS.map((e) => [nameOf(e), e] as const))('%s', async (_, endpoint) => {
    const me = await makeStudent({
      prefix: 'sec-control',
      calendar: endpoint.route.endsWith('save-to-calendar') || endpoint.route === '/plan/calendar',
    });
    const before = await storedFor(me.user.uid);
    const res = await send(endpoint.request(me.ids), { token: me.user.idToken, csrf: me.csrf });
    expect(endpoint.ok, res.text.slice(0, 300)).toContain(res.status);
    expect(res.text).not.toMatch(STACK_TRACE);
    const after = await storedFor(me.user.uid);
    if (storesSomething(endpoint)) expect(after).not.toEqual(before);
    else expect(withoutRateCounters(after)).toEqual(withoutRateCounters(before));
  });
});
