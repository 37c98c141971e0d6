import { createHash } from 'node:crypto';
import {
  nextFiring,
  REMINDER_LOOKBACK_MINUTES,
  reminderText,
  zonedInstant,
  type PathOf,
  type ReminderFiring,
  type ReminderMessage,
} from '@brainboard/domain';
import type { PushSender } from '../push/send.ts';
import type { DeviceCopy } from '../reminderSchedule/deviceList.ts';
import { ACTION_TOKEN_TTL_MS, REMINDER_ACTIONS, signActionToken } from './actionToken.ts';

/**
 * Sends what is due: each stored reminder whose instant has come (the schedule, kept by every
 * write that moves a reminder: docs/decisions/0017-reminder-schedule.md), to each of its
 * student's devices, exactly once, then moves its entry on to the assignment's next reminder.
 * A run reads the entries due and nothing else (each carries a copy of its student's devices),
 * so its cost follows what is due, not how many students there are.
 *
 * Each delivery (assignment, due date, reminder time, device) is claimed by creating a record
 * whose id is derived from those four: creation fails when the record exists, so of two
 * overlapping or retried runs only one sends. An entry stays where it is while a send failed
 * (the next run tries again) or while another run holds a fresh claim on it, so no reminder is
 * skipped; a reminder that cannot be sent within the lookback is given up.
 */

/** Students served at once. */
const PARALLEL_STUDENTS = 16;
/** The most entries one run takes (the earliest); the next run takes the rest. */
const MAX_ENTRIES_PER_RUN = 2000;
/** A claim older than this belongs to a run that has finished (a send's deadline is 10 s). */
const CLAIM_SETTLED_MS = 2 * 60_000;

/** One assignment's next reminder, as the schedule stores it. */
export interface ScheduledReminder {
  uid: string;
  assignmentId: string;
  title: string;
  due_date: string;
  zone: string;
  /** The card's `created_at`, which its buttons' tokens name. */
  card: string;
  /** The reminder times in force. */
  minutes: number[];
  snoozeAt: Date | null;
  fireAt: Date;
  fireKey: string;
  /** The student's devices, as copied onto the entry. */
  devices: Device[];
  /** A planned work session's own line ("Time for Physics worksheet · 45 min"), if it is one. */
  text?: string | undefined;
}

export type Device = DeviceCopy;

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
  /** Entries whose reminder is at or before `now`, earliest first, at most `limit`. */
  due(now: Date, limit: number): Promise<ScheduledReminder[]>;
  /** Creates the delivery record; false when it already exists. */
  claim(uid: string, deliveryId: string, record: DeliveryRecord): Promise<boolean>;
  /** Gives a claim back after a send that may be retried. */
  release(uid: string, deliveryId: string): Promise<void>;
  removeDevice(uid: string, deviceId: string): Promise<void>;
  /**
   * Moves the entry on to `next` (null: none left) with the snooze still pending, unless it
   * was written since it was read (then that write's schedule stands).
   */
  advance(
    entry: ScheduledReminder,
    next: ReminderFiring | null,
    snoozeAt: Date | null,
  ): Promise<void>;
}

export interface DispatchOptions {
  store: ReminderStore;
  send: PushSender;
  now: Date;
  tokenKey: Buffer;
}

export interface DispatchReport {
  /** Schedule entries read. */
  due: number;
  sent: number;
  /** Claimed by another run already. */
  skipped: number;
  removedDevices: number;
  failed: number;
}

const ACTION_URL = '/api/reminders/action' satisfies PathOf<'POST /api/reminders/action'>;

const deliveryId = (...parts: string[]) =>
  createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 40);

function reminderPayload(entry: ScheduledReminder, now: Date, tokenKey: Buffer): ReminderMessage {
  const { uid, assignmentId, zone } = entry;
  const due = zonedInstant(entry.due_date, zone) ?? now;
  const text = entry.text
    ? { title: entry.text, body: 'Tap Start focus to begin.' }
    : reminderText(entry.title, due, now, zone);
  const exp = now.getTime() + ACTION_TOKEN_TTL_MS;
  const tokens = Object.fromEntries(
    REMINDER_ACTIONS.map((action) => [
      action,
      signActionToken({ action, uid, assignmentId, card: entry.card, exp }, tokenKey),
    ]),
  );
  return {
    ...text,
    tag: `reminder-${assignmentId}`,
    assignment_id: assignmentId,
    url: `/dashboard?focus=${encodeURIComponent(assignmentId)}`,
    action_url: ACTION_URL,
    tokens,
  };
}

/** Runs `work` on every item, `lanes` at a time. */
async function inLanes<T>(items: T[], lanes: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
}

export async function dispatchReminders(options: DispatchOptions): Promise<DispatchReport> {
  const { store, send, now, tokenKey } = options;
  const report: DispatchReport = { due: 0, sent: 0, skipped: 0, removedDevices: 0, failed: 0 };
  const since = now.getTime() - REMINDER_LOOKBACK_MINUTES * 60_000;
  const entries = await store.due(now, MAX_ENTRIES_PER_RUN);
  report.due = entries.length;
  const byStudent = new Map<string, ScheduledReminder[]>();
  for (const e of entries) byStudent.set(e.uid, [...(byStudent.get(e.uid) ?? []), e]);
  await inLanes([...byStudent], PARALLEL_STUDENTS, async ([uid, own]) => {
    try {
      await dispatchForStudent(uid, own);
    } catch (err) {
      // One student's data never stops the others' reminders.
      console.error(`Reminders for one student failed`, (err as Error).message);
      report.failed += 1;
    }
  });
  return report;

  async function dispatchForStudent(uid: string, own: ScheduledReminder[]): Promise<void> {
    const gone = new Set<string>();
    for (const entry of own) await fireEntry(entry, gone);
    // Removed after the entries moved on: a removal copies the new device list onto them,
    // which would stop a move that came after it (its precondition).
    for (const id of gone) {
      await store.removeDevice(uid, id);
      report.removedDevices += 1;
    }
  }

  /** Sends the entry's reminders that are due, then moves it on (or leaves it to retry). */
  async function fireEntry(entry: ScheduledReminder, gone: Set<string>) {
    let snoozeAt = entry.snoozeAt;
    const plan = () => ({ ...entry, snooze_at: snoozeAt });
    let firing: ReminderFiring | null = { at: entry.fireAt, key: entry.fireKey };
    while (firing && firing.at.getTime() <= now.getTime()) {
      if (firing.at.getTime() <= since) {
        // Missed by more than the lookback (the schedule was not run): not sent any more.
        if (snoozeAt && snoozeAt.getTime() <= since) snoozeAt = null;
        firing = nextFiring(plan(), new Date(since));
        continue;
      }
      const outcome = await deliver(entry, firing, gone);
      const lastChance = firing.at.getTime() <= since + 60_000;
      const claimOpen = outcome.skipped && now.getTime() - firing.at.getTime() < CLAIM_SETTLED_MS;
      // Stay: a failed send is tried again next minute; another run's claim may still fail.
      if ((outcome.failed && !lastChance) || claimOpen) break;
      if (firing.key.startsWith('snooze|')) snoozeAt = null;
      firing = nextFiring(plan(), firing.at);
    }
    const moved = firing?.key !== entry.fireKey || firing?.at.getTime() !== entry.fireAt.getTime();
    if (moved || snoozeAt !== entry.snoozeAt) await store.advance(entry, firing, snoozeAt);
  }

  async function deliver(
    entry: ScheduledReminder,
    firing: ReminderFiring,
    gone: Set<string>,
  ): Promise<{ failed: boolean; skipped: boolean }> {
    const { uid, assignmentId } = entry;
    const key = `${assignmentId}|${firing.key}`;
    let failed = false;
    let skipped = false;
    for (const device of entry.devices) {
      if (gone.has(device.id)) continue;
      const id = deliveryId(uid, key, device.id);
      const claimed = await store.claim(uid, id, {
        assignment_id: assignmentId,
        device_id: device.id,
        reminder: firing.key,
        claimed_at: now.toISOString(),
        expires_at: new Date(now.getTime() + 2 * REMINDER_LOOKBACK_MINUTES * 60_000),
      });
      if (!claimed) {
        report.skipped += 1;
        skipped = true;
        continue;
      }
      const outcome = await send(device, reminderPayload(entry, now, tokenKey));
      if (outcome === 'sent') report.sent += 1;
      else if (outcome === 'gone') gone.add(device.id);
      else {
        await store.release(uid, id);
        report.failed += 1;
        failed = true;
      }
    }
    return { failed, skipped };
  }
}
