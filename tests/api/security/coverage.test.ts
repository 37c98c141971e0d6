import { describe, expect, it } from 'vitest';
import { createApp } from '../../../functions/src/app.ts';
import { readConfig } from '../../../functions/src/config.ts';
import { admin } from '../../support/firestore.ts';
import { makeStudent, send, STACK_TRACE, storedFor } from '../../support/security.ts';
import { changesState, ENDPOINTS, nameOf, PUBLIC_ROUTES } from './endpoints.ts';

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}

/** Every `METHOD /api<path>` the Express app declares, read from its router. */
function declaredRoutes(): string[] {
  const { auth, db } = admin();
  const app = createApp({ auth, db, config: readConfig() }) as unknown as {
    router: { stack: Layer[] };
  };
  const found = new Set<string>();
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods)) {
          found.add(`${method.toUpperCase()} /api${layer.route.path}`);
        }
      } else if (layer.handle.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk(app.router.stack);
  return [...found].sort();
}

describe('the security suite covers every endpoint', () => {
  it('lists every route the app serves, and no route it does not', () => {
    const listed = [...ENDPOINTS.map(nameOf), ...PUBLIC_ROUTES].sort();
    expect(listed).toEqual(declaredRoutes());
  });
});

describe('control: each listed request succeeds for its owner', () => {
  // So every refusal in this suite is the check under test, not a broken request; and
  // each state-changing call changes what `stored` reads, so "nothing stored changed"
  // after a refusal means something.
  it.each(ENDPOINTS.map((e) => [nameOf(e), e] as const))('%s', async (_, endpoint) => {
    const me = await makeStudent({
      prefix: 'sec-control',
      calendar: endpoint.route.endsWith('save-to-calendar'),
    });
    const before = await storedFor(me.user.uid);
    const res = await send(endpoint.request(me.ids), { token: me.user.idToken, csrf: me.csrf });
    expect(endpoint.ok, res.text.slice(0, 300)).toContain(res.status);
    expect(res.text).not.toMatch(STACK_TRACE);
    const after = await storedFor(me.user.uid);
    if (changesState(endpoint)) expect(after).not.toEqual(before);
    else expect(after).toEqual(before);
  });
});
