import { createHash } from 'node:crypto';
import {
  DEFAULT_TIME_ZONE,
  remindersDueBetween,
  reminderText,
  zonedInstant,
  type PathOf,
  type ReminderMessage,
} from '@brainboard/domain';
import type { PushSender } from '../push/send.ts';
import type { StoredSubscription } from '../push/subscriptions.ts';
import { ACTION_TOKEN_TTL_MS, REMINDER_ACTIONS, signActionToken } from './actionToken.ts';

/**
 * Sends what is due: every reminder whose time falls in the last few minutes, to each of the
 * student's devices, exactly once. Each delivery (assignment, due date, reminder time, device)
 * is claimed by creating a record whose id is derived from those four: creation fails when the
 * record exists, so of two overlapping or retried runs only one sends. The schedule is computed
 * from the current assignment every run, so a changed due date moves its reminders and a done
 * or deleted assignment has none.
 */

/** Reminders missed by up to this long (a late or failed run) are still sent. */
const LOOKBACK_MINUTES = 15;

export interface RemindableDoc {
  id: string;
  title: string;
  due_date: string;
  status: string;
  reminders?: number[] | null | undefined;
  /** Names this card in its buttons' tokens, so a card re-created with its id is another. */
  created_at?: string | undefined;
}

interface ReminderProfile {
  defaults: number[] | null;
  zone: string;
}

export type Device = Pick<StoredSubscription, 'endpoint' | 'keys'> & { id: string };

export interface DeliveryRecord {
  assignment_id: string;
  device_id: string;
  /** What fired: "<due_date>|<minutes>" or "snooze|<instant>". */
  reminder: string;
  claimed_at: string;
  /** For a TTL policy: the record is useless once the window has passed. */
  expires_at: Date;
}

/** Data access of the dispatcher (Firestore in production and the stack; memory in unit tests). */
export interface ReminderStore {
  /** Students with at least one device. */
  users(): Promise<string[]>;
  profile(uid: string): Promise<ReminderProfile>;
  assignments(uid: string): Promise<RemindableDoc[]>;
  snoozes(uid: string): Promise<{ assignmentId: string; fireAt: Date }[]>;
  devices(uid: string): Promise<Device[]>;
  /** Creates the delivery record; false when it already exists. */
  claim(uid: string, deliveryId: string, record: DeliveryRecord): Promise<boolean>;
  /** Gives a claim back after a send that may be retried. */
  release(uid: string, deliveryId: string): Promise<void>;
  removeDevice(uid: string, deviceId: string): Promise<void>;
}

export interface DispatchOptions {
  store: ReminderStore;
  send: PushSender;
  now: Date;
  tokenKey: Buffer;
}

export interface DispatchReport {
  sent: number;
  /** Claimed by another run already. */
  skipped: number;
  removedDevices: number;
  failed: number;
}

const ACTION_URL = '/api/reminders/action' satisfies PathOf<'POST /api/reminders/action'>;

const deliveryId = (...parts: string[]) =>
  createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 40);

function reminderPayload(
  uid: string,
  assignment: Pick<RemindableDoc, 'id' | 'title' | 'due_date' | 'created_at'>,
  zone: string,
  now: Date,
  tokenKey: Buffer,
): ReminderMessage {
  const due = zonedInstant(assignment.due_date, zone) ?? now;
  const text = reminderText(assignment.title, due, now, zone);
  const exp = now.getTime() + ACTION_TOKEN_TTL_MS;
  const tokens = Object.fromEntries(
    REMINDER_ACTIONS.map((action) => [
      action,
      signActionToken(
        { action, uid, assignmentId: assignment.id, card: assignment.created_at ?? '', exp },
        tokenKey,
      ),
    ]),
  );
  return {
    ...text,
    tag: `reminder-${assignment.id}`,
    assignment_id: assignment.id,
    url: `/dashboard?focus=${encodeURIComponent(assignment.id)}`,
    action_url: ACTION_URL,
    tokens,
  };
}

interface Firing {
  assignment: RemindableDoc;
  /** Identifies what fired, for the delivery id. */
  key: string;
}

async function firingsOf(
  store: ReminderStore,
  uid: string,
  profile: ReminderProfile,
  from: Date,
  to: Date,
): Promise<Firing[]> {
  const [assignments, snoozes] = await Promise.all([store.assignments(uid), store.snoozes(uid)]);
  const firings: Firing[] = [];
  const byId = new Map(assignments.map((a) => [a.id, a]));
  for (const a of assignments) {
    for (const r of remindersDueBetween(a, profile.defaults, profile.zone, from, to)) {
      firings.push({ assignment: a, key: `${a.id}|${a.due_date}|${r.minutes}` });
    }
  }
  for (const s of snoozes) {
    const a = byId.get(s.assignmentId);
    const t = s.fireAt.getTime();
    if (a && a.status !== 'done' && t > from.getTime() && t <= to.getTime()) {
      firings.push({ assignment: a, key: `${a.id}|snooze|${s.fireAt.toISOString()}` });
    }
  }
  return firings;
}

export async function dispatchReminders(options: DispatchOptions): Promise<DispatchReport> {
  const { store, send, now, tokenKey } = options;
  const report: DispatchReport = { sent: 0, skipped: 0, removedDevices: 0, failed: 0 };
  const from = new Date(now.getTime() - LOOKBACK_MINUTES * 60_000);
  for (const uid of await store.users()) {
    try {
      await dispatchForUser(uid);
    } catch (err) {
      // One student's data never stops the others' reminders.
      console.error(`Reminders for one student failed`, (err as Error).message);
      report.failed += 1;
    }
  }
  return report;

  async function dispatchForUser(uid: string): Promise<void> {
    const profile = await store.profile(uid);
    const firings = await firingsOf(store, uid, profile, from, now);
    if (firings.length === 0) return;
    const devices = await store.devices(uid);
    const gone = new Set<string>();
    for (const firing of firings) {
      for (const device of devices) {
        if (gone.has(device.id)) continue;
        const id = deliveryId(uid, firing.key, device.id);
        const claimed = await store.claim(uid, id, {
          assignment_id: firing.assignment.id,
          device_id: device.id,
          reminder: firing.key.slice(firing.assignment.id.length + 1),
          claimed_at: now.toISOString(),
          expires_at: new Date(now.getTime() + 2 * LOOKBACK_MINUTES * 60_000),
        });
        if (!claimed) {
          report.skipped += 1;
          continue;
        }
        const payload = reminderPayload(uid, firing.assignment, profile.zone, now, tokenKey);
        const outcome = await send(device, payload);
        if (outcome === 'sent') report.sent += 1;
        else if (outcome === 'gone') {
          gone.add(device.id);
          await store.removeDevice(uid, device.id);
          report.removedDevices += 1;
        } else {
          await store.release(uid, id);
          report.failed += 1;
        }
      }
    }
  }
}

export const profileZone = (zone: unknown): string =>
  typeof zone === 'string' && zone ? zone : DEFAULT_TIME_ZONE;
