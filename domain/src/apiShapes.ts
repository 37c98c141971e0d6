/**
 * The shapes of the API's answers that both sides build or read, so the server that sends
 * them and the web app that shows them use one definition (the endpoints that answer them are
 * listed in contract.ts).
 */
import type { Assignment, UserProfile } from './types.ts';

/** The answer of every write to one assignment: the assignment as stored after it. */
export interface ItemAnswer {
  item: Assignment;
}

/** A plain success with nothing more to say. */
export interface OkAnswer {
  ok: true;
}

/** A PDF attached to an assignment. */
export interface AttachedFile {
  id: string;
  name: string;
  /** Bytes. */
  size: number;
  uploaded_at: string;
}

/** Whether the server holds a working Google grant; if not, where to send the browser. */
export type GrantAnswer = { granted: true } | { granted: false; url: string };

/** Consent recorded: both times are the same instant. */
export interface AcceptanceAnswer extends OkAnswer {
  privacy_accepted_at: string;
  tos_accepted_at: string;
}

/** The profile fields a PATCH stored, to merge into the signed-in user. */
export interface UserUpdateAnswer {
  updated: Partial<UserProfile>;
}

/** The result of saving an assignment to Google Calendar. */
export interface CalendarSaveAnswer {
  /** The sentence to show, e.g. "The event was added to your Google Calendar.". */
  message: string;
  event_id: string;
  event_link: string | null;
  /** True when the event is new, false when an existing one was updated. */
  created: boolean;
}

/** One Focus Mode event recorded: the assignment with its new focus minutes. */
export interface FocusEventAnswer extends ItemAnswer {
  /** Whole minutes the server counted for this session so far. */
  counted_minutes: number;
}

/** What one import or sync of a school calendar feed did. */
export interface SyncCounts {
  added: number;
  updated: number;
  unchanged: number;
  gone: number;
}

/** The kind of school calendar a feed link points at. */
export type LmsSource = 'canvas' | 'moodle' | 'blackboard' | 'google_classroom' | 'ical';

/** A school calendar feed as the API shows it (never its full link: the link is a credential). */
export interface LmsFeed {
  id: string;
  source: LmsSource;
  label: string;
  url_masked: string;
  last_synced_at: string | null;
  counts: SyncCounts;
  /** Short lines saying what the last sync changed. */
  changes: string[];
  /** Why the last scheduled sync failed, else null. */
  last_error: string | null;
}

/** What importing a feed would add, read without storing anything. */
export interface LmsFeedPreview {
  source: LmsSource;
  label: string;
  items: { uid: string; title: string; course: string; due_date: string }[];
}

/** A device that gets reminders by Web Push. */
export interface PushDevice {
  id: string;
  device_name: string;
  created_at: string;
}

/**
 * A reminder as the server pushes it (encrypted; the browser hands the service worker its
 * text). The buttons post their token to `action_url`.
 */
export interface ReminderMessage {
  title: string;
  body: string;
  tag: string;
  assignment_id: string | null;
  /** Opened by Start focus (and a tap on the notification). */
  url: string;
  action_url: string;
  tokens: { snooze?: string; done?: string; focus?: string };
}

/** What a notification's button did: snoozed, moved to Done, or where Focus Mode opens. */
export type ReminderActionAnswer = OkAnswer &
  ({ snoozed_until: string } | { status: 'done' } | { url: string });

/** One step the AI suggests: its title and its estimate in minutes, when it gave one. */
export interface SuggestedSubtask {
  title: string;
  estimate_minutes: number | null;
}
