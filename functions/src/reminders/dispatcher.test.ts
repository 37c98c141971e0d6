import type { ReminderMessage } from '@brainboard/domain';
import { describe, expect, it } from 'vitest';
import type { PushSender } from '../push/send.ts';
import { actionKey, verifyActionToken } from './actionToken.ts';
import {
  dispatchReminders,
  type DeliveryRecord,
  type Device,
  type RemindableDoc,
  type ReminderStore,
} from './dispatcher.ts';

const key = actionKey('unit-test-key');

/** The dispatcher's data in memory; a claim is atomic like Firestore's create(). */
function memoryStore(assignments: RemindableDoc[], devices: Device[]) {
  const claims = new Map<string, DeliveryRecord>();
  const removed: string[] = [];
  const store: ReminderStore = {
    users: async () => ['u1'],
    profile: async () => ({ defaults: [60], zone: 'Europe/Berlin' }),
    assignments: async () => assignments.map((a) => ({ ...a })),
    snoozes: async () => [],
    devices: async () => devices.filter((d) => !removed.includes(d.id)),
    async claim(_uid, id, record) {
      // Yield first, so two concurrent runs interleave their reads and claims.
      await new Promise((r) => setTimeout(r, Math.random() * 5));
      if (claims.has(id)) return false;
      claims.set(id, record);
      return true;
    },
    release: async (_uid, id) => void claims.delete(id),
    removeDevice: async (_uid, id) => void removed.push(id),
  };
  return { store, claims, removed };
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
const essay: RemindableDoc = {
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
});
