import { describe, expect, it } from 'vitest';
import { call, sessionOf } from '../support/api.ts';
import { createTestUser } from '../support/auth.ts';

interface Item {
  id: string;
  subtasks: { id: string; completed: boolean }[];
  notes: { text: string }[];
}

/**
 * Two devices editing one assignment at once lose nothing
 * (docs/decisions/0004-field-path-writes.md). The
 * lite Firestore does not isolate transactions, so this only passes because
 * every per-entry write is a field-path update.
 */
describe('concurrent edits from two devices', () => {
  it('keeps both toggles, and a note added during a toggle, in 50 rounds', async () => {
    const user = await createTestUser();
    const { csrf_token } = await sessionOf(user);
    const as = (method: string, path: string, body?: unknown) =>
      call<{ item: Item }>(method, path, {
        token: user.idToken,
        csrf: csrf_token,
        ...(body === undefined ? {} : { body }),
      });

    const created = await as('POST', '/api/assignment', {
      title: 'Shared',
      subtasks: [
        { id: 'a', title: 'A' },
        { id: 'b', title: 'B' },
        { id: 'c', title: 'C' },
      ],
    });
    const id = created.body.item.id;
    const lost: string[] = [];

    for (let round = 1; round <= 50; round++) {
      const value = round % 2 === 1;
      const [r1, r2, r3] = await Promise.all([
        as('PATCH', `/api/assignment/${id}/subtasks/a`, { completed: value }),
        as('PATCH', `/api/assignment/${id}/subtasks/b`, { completed: value }),
        as('POST', `/api/assignment/${id}/notes`, { text: `note ${round}` }),
      ]);
      expect([r1.status, r2.status, r3.status]).toEqual([200, 200, 201]);
      const read = await as('GET', `/api/assignment/${id}`);
      const byId = Object.fromEntries(read.body.item.subtasks.map((s) => [s.id, s.completed]));
      if (byId.a !== value || byId.b !== value) lost.push(`round ${round}: toggle lost`);
      if (byId.c !== false) lost.push(`round ${round}: untouched subtask changed`);
      if (read.body.item.notes.length !== round) lost.push(`round ${round}: note lost`);
    }
    expect(lost).toEqual([]);
  });
});
