import { describe, expect, it } from 'vitest';
import { removeTombstones } from '../../scripts/migrations/removeTombstones.ts';
import { call, sessionOf } from '../support/api.ts';
import { createTestUser } from '../support/auth.ts';
import { admin } from '../support/firestore.ts';

describe('migration: remove tombstoned subtasks and notes', () => {
  it('deletes entries marked deleted, keeps the rest, and a second run changes nothing', async () => {
    const { db } = admin();
    const user = await createTestUser('migrate');
    const { csrf_token } = await sessionOf(user);
    const created = await call<{ item: { id: string } }>('POST', '/api/assignment', {
      token: user.idToken,
      csrf: csrf_token,
      body: { title: 'Old', subtasks: [{ id: 'keep', title: 'Keep' }], notes: ['Stay'] },
    });
    expect(created.status, created.text).toBe(201);
    const ref = db.doc(`users/${user.uid}/assignments/${created.body.item.id}`);
    // What the old API stored for a removed subtask and note.
    await ref.update({
      'subtasks.gone': { title: 'Secret step', completed: false, order: 5, deleted: true },
      'notes.old-note': {
        text: 'Secret note',
        created_date: '2026-01-01',
        order: 9,
        deleted: true,
      },
    });

    const first = await removeTombstones(db);
    expect(first.removed).toBeGreaterThanOrEqual(2);
    const data = (await ref.get()).data() as Record<string, Record<string, unknown>>;
    expect(Object.keys(data.subtasks ?? {})).toEqual(['keep']);
    expect(Object.keys(data.notes ?? {})).toHaveLength(1);
    expect(JSON.stringify(data)).not.toContain('Secret');

    const read = await call<{ item: { subtasks: unknown[]; notes: unknown[] } }>(
      'GET',
      `/api/assignment/${created.body.item.id}`,
      { token: user.idToken },
    );
    expect(read.body.item.subtasks).toHaveLength(1);
    expect(read.body.item.notes).toHaveLength(1);

    const again = await removeTombstones(db);
    expect(again.removed).toBe(0);
  });
});
