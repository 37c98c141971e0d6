import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { buildReminderSchedule } from '../../scripts/migrations/buildReminderSchedule.ts';
import { admin } from '../support/firestore.ts';

describe('migration: build the reminder schedule and board stamps', () => {
  it('creates an entry for each pending card with a due time and a stamp per board, copies the devices onto every entry; a second run writes nothing', async () => {
    const { db } = admin();
    const uid = `migrate-schedule-${Date.now()}`;
    const user = db.collection('users').doc(uid);
    // What was stored before: a profile and cards, with no schedule and no stamp.
    await user.set({ id: uid, time_zone: 'Europe/Berlin', reminder_defaults: [60] });
    const card = (
      title: string,
      due_date: string,
      status = 'new',
      reminders: number[] | null = null,
    ) => ({
      title,
      description: '',
      due_date,
      status,
      subtasks: {},
      notes: {},
      completed_date: null,
      deep_dive: {},
      rank: 0,
      reminders,
      version: 1,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    const cards = user.collection('assignments');
    await Promise.all([
      cards.doc('a').set(card('Essay', '2031-03-10T09:00:00')),
      cards.doc('b').set(card('Lab', '2031-03-11T12:00:00', 'in_progress', [30])),
      cards.doc('c').set(card('Done', '2031-03-12T09:00:00', 'done')),
      cards.doc('d').set(card('Undated', '')),
      cards.doc('e').set(card('Poster', '2031-03-13T09:00:00')),
      // A device, and its marker as it was stored before the device list.
      user
        .collection('push_subscriptions')
        .doc('d1')
        .set({
          endpoint: 'https://push.example/d1',
          keys: { p256dh: 'p', auth: 'a' },
          device_name: 'Phone',
          created_at: '2026-01-01T00:00:00.000Z',
        }),
      db.doc(`push_users/${uid}`).set({ uid, updated_at: '2026-01-01T00:00:00.000Z' }),
      // An entry written before entries carried devices.
      user
        .collection('reminder_schedule')
        .doc('e')
        .set({
          uid,
          assignment_id: 'e',
          title: 'Poster',
          due_date: '2031-03-13T09:00:00',
          zone: 'Europe/Berlin',
          card: '2026-01-01T00:00:00.000Z',
          minutes: [60],
          snooze_at: null,
          fire_at: Timestamp.fromDate(new Date('2031-03-13T07:00:00.000Z')),
          fire_key: '2031-03-13T09:00:00|60',
        }),
    ]);

    // Small pages, so paging is exercised.
    const first = await buildReminderSchedule(db, { studentsPerPage: 3, cardsPerPage: 2 });
    expect(first.entries).toBeGreaterThanOrEqual(2);
    expect(first.deviceLists).toBeGreaterThanOrEqual(1);
    expect(first.deviceCopies).toBeGreaterThanOrEqual(1);
    const entries = await user.collection('reminder_schedule').get();
    const fires = Object.fromEntries(
      entries.docs.map((d) => [d.id, (d.get('fire_at') as Timestamp).toDate().toISOString()]),
    );
    // Berlin is UTC+1 in March 2031.
    expect(fires).toEqual({
      a: '2031-03-10T07:00:00.000Z',
      b: '2031-03-11T10:30:00.000Z',
      e: '2031-03-13T07:00:00.000Z',
    });
    expect(entries.docs.find((d) => d.id === 'b')?.get('fire_key')).toBe('2031-03-11T12:00:00|30');
    // Every entry, the one stored before included, carries the device.
    const d1 = { id: 'd1', endpoint: 'https://push.example/d1', keys: { p256dh: 'p', auth: 'a' } };
    for (const entry of entries.docs) expect(entry.get('devices'), entry.id).toEqual([d1]);
    expect((await db.doc(`push_users/${uid}`).get()).get('devices')).toEqual([d1]);
    const stamp: unknown = (await user.collection('meta').doc('board').get()).get('stamp');
    expect(typeof stamp).toBe('string');

    const again = await buildReminderSchedule(db, { studentsPerPage: 3, cardsPerPage: 2 });
    expect(again).toMatchObject({ entries: 0, stamps: 0, deviceLists: 0, deviceCopies: 0 });
    expect(again.students).toBeGreaterThanOrEqual(first.students);
    expect((await user.collection('meta').doc('board').get()).get('stamp')).toBe(stamp);
  });
});
