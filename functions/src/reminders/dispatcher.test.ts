import { firstFiring, reminderPlan, type ReminderMessage } from '@brainboard/domain';
import { describe, expect, it } from 'vitest';
import type { PushSender } from '../push/send.ts';
import { actionKey, verifyActionToken } from './actionToken.ts';
import {
  dispatchReminders,
  type DeliveryRecord,
  type Device,
  type ReminderStore,
  type ScheduledReminder,
} from './dispatcher.ts';

const key = actionKey('unit-test-key');

interface Card {
  id: string;
  title: string;
  due_date: string;
  status: string;
  reminders: number[] | null;
  created_at: string;
}

/**
 * The dispatcher's data in memory: each card's entry as the write paths store it (the student's
 * defaults [60], Berlin time), saved at `savedAt`. A claim is atomic like Firestore's create();
 * moving an entry on is refused when it changed since it was read, like the update precondition.
 */
function memoryStore(
  cards: Card[],
  devices: Device[],
  savedAt = at('2026-05-31T00:00:00Z'),
  snoozeAt: Date | null = null,
) {
  const claims = new Map<string, DeliveryRecord>();
  const removed: string[] = [];
  const entries = new Map<string, ScheduledReminder>();
  for (const c of cards) {
    const plan = reminderPlan(c, [60], 'Europe/Berlin', snoozeAt, savedAt);
    const fire = plan && firstFiring(plan, savedAt);
    if (!plan || !fire) continue;
    entries.set(c.id, {
      uid: 'u1',
      assignmentId: c.id,
      title: c.title,
      due_date: plan.due_date,
      zone: plan.zone,
      card: c.created_at,
      minutes: plan.minutes,
      snoozeAt: plan.snooze_at,
      fireAt: fire.at,
      fireKey: fire.key,
      devices,
    });
  }
  const store: ReminderStore = {
    due: async (now, limit) =>
      [...entries.values()]
        .filter((e) => e.fireAt.getTime() <= now.getTime())
        .sort((a, b) => a.fireAt.getTime() - b.fireAt.getTime())
        .slice(0, limit)
        // A removed device's copies are gone from the entries, as the write paths keep them.
        .map((e) => ({ ...e, devices: e.devices.filter((d) => !removed.includes(d.id)) })),
    async claim(_uid, id, record) {
      // Yield first, so two concurrent runs interleave their reads and claims.
      await new Promise((r) => setTimeout(r, Math.random() * 5));
      if (claims.has(id)) return false;
      claims.set(id, record);
      return true;
    },
    release: async (_uid, id) => void claims.delete(id),
    removeDevice: async (_uid, id) => void removed.push(id),
    async advance(entry, next, snooze) {
      const current = entries.get(entry.assignmentId);
      if (!current || current.fireKey !== entry.fireKey || current.snoozeAt !== entry.snoozeAt) {
        return;
      }
      if (!next) entries.delete(entry.assignmentId);
      else
        entries.set(entry.assignmentId, {
          ...current,
          fireAt: next.at,
          fireKey: next.key,
          snoozeAt: snooze,
        });
    },
  };
  return { store, claims, removed, entries };
}

function recordingSender(outcome: (endpoint: string) => 'sent' | 'gone' | 'failed' = () => 'sent') {
  const sent: { endpoint: string; payload: ReminderMessage }[] = [];
  const send: PushSender = async (sub, payload) => {
    const o = outcome(sub.endpoint);
    if (o === 'sent') sent.push({ endpoint: sub.endpoint, payload: payload as ReminderMessage });
    return o;
  };
  return { send, sent };
}

const device = (id: string): Device => ({
  id,
  endpoint: `https://push.example/${id}`,
  keys: { p256dh: 'p', auth: 'a' },
});
// 10:00 Berlin summer time is 08:00Z; the 60-minute reminder fires at 07:00Z.
const essay: Card = {
  id: 'a1',
  title: 'Essay',
  due_date: '2026-06-01T10:00:00',
  status: 'new',
  reminders: null,
  created_at: '2026-05-20T12:00:00.000Z',
};
const at = (iso: string) => new Date(iso);

describe('the reminder dispatcher', () => {
  it('sends each reminder to each device exactly once under two concurrent runs and a retry', async () => {
    const { store } = memoryStore([essay], [device('d1'), device('d2')]);
    const { send, sent } = recordingSender();
    const now = at('2026-06-01T07:00:20Z');
    const reports = await Promise.all([
      dispatchReminders({ store, send, now, tokenKey: key }),
      dispatchReminders({ store, send, now, tokenKey: key }),
    ]);
    await dispatchReminders({ store, send, now: at('2026-06-01T07:01:00Z'), tokenKey: key });
    expect(sent.map((s) => s.endpoint).sort()).toEqual([
      'https://push.example/d1',
      'https://push.example/d2',
    ]);
    expect(reports[0]!.sent + reports[1]!.sent).toBe(2);
    expect(reports[0]!.skipped + reports[1]!.skipped).toBe(2);
  });

  it('carries the text and one signed token per action', async () => {
    const { store } = memoryStore([essay], [device('d1')]);
    const { send, sent } = recordingSender();
    await dispatchReminders({ store, send, now: at('2026-06-01T07:00:05Z'), tokenKey: key });
    const payload = sent[0]!.payload;
    expect(payload.title).toBe('Essay · due in 1 hour (10:00 AM)');
    expect(payload.url).toBe('/dashboard?focus=a1');
    const now = Date.parse('2026-06-01T07:00:05Z');
    expect(verifyActionToken(payload.tokens.done!, key, now)).toMatchObject({
      action: 'done',
      uid: 'u1',
      assignmentId: 'a1',
      // The card it was made for: one re-created with the same id has another created_at.
      card: '2026-05-20T12:00:00.000Z',
    });
    expect(verifyActionToken(payload.tokens.snooze!, key, now)?.action).toBe('snooze');
  });

  it('reschedules when the due date changes', async () => {
    const moved = { ...essay, due_date: '2026-06-01T11:00:00' };
    const { store } = memoryStore([moved], [device('d1')]);
    const { send, sent } = recordingSender();
    await dispatchReminders({ store, send, now: at('2026-06-01T07:00:30Z'), tokenKey: key });
    expect(sent).toHaveLength(0);
    await dispatchReminders({ store, send, now: at('2026-06-01T08:00:30Z'), tokenKey: key });
    expect(sent).toHaveLength(1);
  });

  it('sends nothing for a done or deleted assignment', async () => {
    const { store } = memoryStore([{ ...essay, status: 'done' }], [device('d1')]);
    const { send, sent } = recordingSender();
    await dispatchReminders({ store, send, now: at('2026-06-01T07:00:30Z'), tokenKey: key });
    const deleted = memoryStore([], [device('d1')]);
    await dispatchReminders({
      store: deleted.store,
      send,
      now: at('2026-06-01T07:00:30Z'),
      tokenKey: key,
    });
    expect(sent).toHaveLength(0);
  });

  it('removes a device whose push service answers gone, and retries after a failure', async () => {
    const { store, removed, claims } = memoryStore([essay], [device('gone'), device('flaky')]);
    let flakyFails = true;
    const { send, sent } = recordingSender((endpoint) => {
      if (endpoint.endsWith('gone')) return 'gone';
      if (flakyFails) return 'failed';
      return 'sent';
    });
    const first = await dispatchReminders({
      store,
      send,
      now: at('2026-06-01T07:00:10Z'),
      tokenKey: key,
    });
    expect(first).toMatchObject({ sent: 0, removedDevices: 1, failed: 1 });
    expect(removed).toEqual(['gone']);
    expect(claims.size).toBe(1);
    flakyFails = false;
    await dispatchReminders({ store, send, now: at('2026-06-01T07:01:10Z'), tokenKey: key });
    expect(sent.map((s) => s.endpoint)).toEqual(['https://push.example/flaky']);
  });

  it('moves an entry on to its next reminder once sent, and sends two due in one run', async () => {
    const both = { ...essay, reminders: [70, 60] };
    const { store, entries } = memoryStore([both], [device('d1')]);
    const { send, sent } = recordingSender();
    // A late run: the 70- and the 60-minute reminder are both due.
    const report = await dispatchReminders({
      store,
      send,
      now: at('2026-06-01T07:00:30Z'),
      tokenKey: key,
    });
    expect(report).toMatchObject({ due: 1, sent: 2 });
    expect(sent).toHaveLength(2);
    expect(entries.size).toBe(0);
  });

  it('sends a snooze at its instant, then the reminder after it', async () => {
    const snooze = at('2026-06-01T06:30:00Z');
    const { store, entries } = memoryStore(
      [essay],
      [device('d1')],
      at('2026-06-01T06:20:00Z'),
      snooze,
    );
    const { send, sent } = recordingSender();
    await dispatchReminders({ store, send, now: at('2026-06-01T06:30:05Z'), tokenKey: key });
    expect(sent).toHaveLength(1);
    expect(entries.get('a1')).toMatchObject({
      snoozeAt: null,
      fireKey: '2026-06-01T10:00:00|60',
    });
    await dispatchReminders({ store, send, now: at('2026-06-01T07:00:05Z'), tokenKey: key });
    expect(sent).toHaveLength(2);
  });

  it('keeps an entry while another run holds a fresh claim on it, and moves it on once settled', async () => {
    const { store, claims, entries } = memoryStore([essay], [device('d1')]);
    const { send, sent } = recordingSender();
    const now = at('2026-06-01T07:00:05Z');
    // Another run claimed the delivery and is still sending (or will fail and give it back).
    const other = await dispatchReminders({
      store: { ...store, advance: async () => {} },
      send: async () => 'sent',
      now,
      tokenKey: key,
    });
    expect(other.sent).toBe(1);
    expect(claims.size).toBe(1);
    await dispatchReminders({ store, send, now: at('2026-06-01T07:01:05Z'), tokenKey: key });
    expect(sent).toHaveLength(0);
    expect(entries.has('a1')).toBe(true);
    await dispatchReminders({ store, send, now: at('2026-06-01T07:02:05Z'), tokenKey: key });
    expect(sent).toHaveLength(0);
    expect(entries.has('a1')).toBe(false);
  });

  it('gives a send up at the end of the lookback, so the next reminder still comes', async () => {
    const { store, entries } = memoryStore([{ ...essay, reminders: [120, 60] }], [device('d1')]);
    let failing = true;
    const { send, sent } = recordingSender(() => (failing ? 'failed' : 'sent'));
    for (let minute = 0; minute <= 15; minute++) {
      const now = new Date(Date.parse('2026-06-01T06:00:10Z') + minute * 60_000);
      await dispatchReminders({ store, send, now, tokenKey: key });
    }
    expect(entries.get('a1')?.fireKey).toBe('2026-06-01T10:00:00|60');
    failing = false;
    await dispatchReminders({ store, send, now: at('2026-06-01T07:00:10Z'), tokenKey: key });
    expect(sent.map((s) => s.payload.title)).toEqual(['Essay · due in 1 hour (10:00 AM)']);
  });

  it('does not send a reminder missed by more than the lookback', async () => {
    const { store, entries } = memoryStore([{ ...essay, reminders: [120, 60] }], [device('d1')]);
    const { send, sent } = recordingSender();
    await dispatchReminders({ store, send, now: at('2026-06-01T06:30:00Z'), tokenKey: key });
    expect(sent).toHaveLength(0);
    expect(entries.get('a1')?.fireKey).toBe('2026-06-01T10:00:00|60');
  });

  it("sends to the devices copied onto the entry, and removes a gone one once, after the student's entries moved on", async () => {
    const lab = { ...essay, id: 'a2', title: 'Lab' };
    const { store, removed, entries } = memoryStore([essay, lab], [device('gone'), device('d1')]);
    const order: string[] = [];
    const { send, sent } = recordingSender((endpoint) =>
      endpoint.endsWith('gone') ? 'gone' : 'sent',
    );
    const report = await dispatchReminders({
      store: {
        ...store,
        advance: async (...args) => (
          order.push(`advance ${args[0].assignmentId}`),
          store.advance(...args)
        ),
        removeDevice: async (...args) => (
          order.push(`remove ${args[1]}`),
          store.removeDevice(...args)
        ),
      },
      send,
      now: at('2026-06-01T07:00:30Z'),
      tokenKey: key,
    });
    expect(sent.map((s) => s.endpoint)).toEqual([device('d1').endpoint, device('d1').endpoint]);
    expect(report).toMatchObject({ sent: 2, removedDevices: 1 });
    expect(removed).toEqual(['gone']);
    expect(order).toEqual(['advance a1', 'advance a2', 'remove gone']);
    expect(entries.get('a1')).toBeUndefined();
  });
});
