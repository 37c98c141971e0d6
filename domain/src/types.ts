/** Entity shapes of SPEC §3 as the API answers them (DESIGN §2, §3). */
import type { Status } from './constants.ts';
import type { Repeat } from './recurrence.ts';

/** SPEC §3 Subtask. Legacy sources use `text` for the title; the API always answers `title`. */
export interface Subtask {
  id: string;
  title: string;
  completed: boolean;
  /** yyyy-MM-dd. */
  created_date: string;
}

/** One note of an assignment. */
export interface Note {
  id: string;
  text: string;
  created_date: string;
}

/** SPEC §3 Assignment, plus rank and timestamps (DESIGN §2). */
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
  /**
   * Raised by one on every write to the assignment; a whole-list replacement names the version
   * it was based on and is refused when another write came first.
   */
  version: number;
  /** The series this assignment is an instance of, or null when it does not repeat. */
  series_id: string | null;
  /** How its series repeats (as of this instance), or null. */
  repeat: Repeat | null;
  created_at: string;
  updated_at: string;
}

/** SPEC §3 User, as answered by GET /api/session (DESIGN §3). */
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
  /** Consecutive days with a completed focus session (issue 6); absent until the first. */
  focus_streak?: number;
  /** The local date (YYYY-MM-DD) of the last completed focus session. */
  focus_last_date?: string;
}

/** SPEC §3 AI chat message. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** One feature of a release-notes entry (SPEC §3). */
export interface ReleaseFeature {
  title: string;
  description: string;
  /** An emoji. */
  icon: string;
}

/** SPEC §3 release-notes entry. */
export interface ReleaseNote {
  version: string;
  features: ReleaseFeature[];
}
