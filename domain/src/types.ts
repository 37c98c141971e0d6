/** Entity shapes as the API answers them (docs/product.md, Data the student sees). */
import type { Status } from './constants.ts';
import type { Repeat } from './recurrence.ts';
import type { StudyHours } from './planSettings.ts';

/** A subtask. Legacy sources use `text` for the title; the API always answers `title`. */
export interface Subtask {
  id: string;
  title: string;
  completed: boolean;
  /** yyyy-MM-dd. */
  created_date: string;
  /** The student's guess in whole minutes (1 to 600), or null. */
  estimate_minutes?: number | null;
}

/** One note of an assignment. */
export interface Note {
  id: string;
  text: string;
  created_date: string;
}

/** An assignment, plus rank and timestamps (docs/architecture.md, The data model). */
export interface Assignment {
  id: string;
  title: string;
  description: string;
  /** 'YYYY-MM-DDTHH:MM:00', legacy 'YYYY-MM-DD', or '' when there is none. */
  due_date: string;
  status: Status;
  subtasks: Subtask[];
  notes: Note[];
  completed_date: string | null;
  /** Deep-dive tool name → generated text. */
  deep_dive: Record<string, string>;
  /** Order inside its column, ascending (fractional: a card goes between two others). */
  rank: number;
  /** Minutes before the due time to remind; null means the student's defaults, [] none. */
  reminders?: number[] | null;
  /**
   * Raised by one on every write to the assignment; a whole-list replacement names the version
   * it was based on and is refused when another write came first.
   */
  version: number;
  /** The series this assignment is an instance of, or null when it does not repeat. */
  series_id: string | null;
  /** How its series repeats (as of this instance), or null. */
  repeat: Repeat | null;
  /** Minutes focused on it in Focus Mode, kept by the server (read-only for clients). */
  focus_minutes?: number;
  created_at: string;
  updated_at: string;
  /** Where an imported assignment came from; null for one the student made (the API always answers the three fields below). */
  source?: AssignmentSource | null;
  /** The due date before the source last moved it, else null. */
  due_moved_from?: string | null;
  /** True when the item has disappeared from its source's feed. */
  source_gone?: boolean;
}

/** An assignment imported from a school's calendar feed, or from a syllabus PDF. */
export interface AssignmentSource {
  kind: 'lms' | 'syllabus';
  feed_id: string;
  /** The item's identity inside its feed. */
  uid: string;
  /** Course code or name, '' when the feed names none. */
  course: string;
  /** The item's page in the LMS, '' when the feed gives none. */
  url: string;
  /** The LMS's name as students know it ("Canvas", "Moodle", ...). */
  name: string;
}

/** The user, as answered by GET /api/session (docs/architecture.md). */
export interface UserProfile {
  id: string;
  email: string | null;
  name: string | null;
  csrf_token: string;
  ai_help_enabled: boolean;
  ai_deep_dive_enabled: boolean;
  privacy_accepted_at: string | null;
  tos_accepted_at: string | null;
  last_used_version: string | null;
  last_whats_new_version: string | null;
  /** Consecutive days with a completed focus session; absent until the first. */
  focus_streak?: number;
  /** The local date (YYYY-MM-DD) of the last completed focus session. */
  focus_last_date?: string;
  /** Reminder times for assignments that have none of their own; absent means [1440, 60]. */
  reminder_defaults?: number[];
  /** The student's IANA time zone, set by the web app. */
  time_zone?: string;
  /** 'HH:MM': the time of a date typed without one; absent means 23:59 (11:59 PM). */
  default_due_time?: string;
  /**
   * The empty board's "Import from your school" offer is closed for good: the student said
   * "Not now", or the offer found a school calendar already imported. Absent until then.
   */
  school_import_offer_closed?: boolean;
  /** Planning settings (domain/src/planSettings.ts); absent fields take their defaults. */
  study_hours?: StudyHours;
  daily_limit_minutes?: number;
  session_minutes?: number;
  buffer_hours?: number;
  default_estimate_minutes?: number;
}

/** A message of an AI chat. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** One feature of a release-notes entry (docs/product.md, Data the student sees). */
export interface ReleaseFeature {
  title: string;
  description: string;
  /** An emoji. */
  icon: string;
}

/** A release-notes entry. */
export interface ReleaseNote {
  version: string;
  features: ReleaseFeature[];
}
