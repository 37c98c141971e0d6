/**
 * Sharing a board with a supporter (docs/product.md, "Someone in your corner"): what a share
 * may show, the bodies its endpoints take and what they answer. Titles, due dates and columns
 * are always shown; the scope adds the rest. Notes, chats, files and school feeds never are.
 */

/** The longest name a student gives a share ("Mum", "Tutor"). */
export const SHARE_NAME_MAX_LENGTH = 60;
/** The longest cheer a supporter can send. */
export const CHEER_MAX_LENGTH = 140;
/** Cheers each supporter can send a day (UTC). */
export const CHEERS_PER_DAY = 3;
/** Supporters a student can share with at once. */
export const SHARES_MAX_COUNT = 20;
/** The ready-made cheers a supporter picks from (or writes their own). */
export const CHEER_PRESETS = ["You've got this!", 'Proud of you'] as const;
/** What the supporter's view answers once the student has stopped sharing. */
export const SHARE_ENDED = 'This board is no longer shared with you.';

/** Whose data a share shows beyond titles, due dates and columns. */
export interface ShareScope {
  steps: boolean;
  focus: boolean;
  descriptions: boolean;
}

export interface ShareView {
  id: string;
  name: string;
  scope: ShareScope;
  /** Whether its supporter may send cheers. */
  cheers: boolean;
  created_at: string;
  /** Who opened the link, once someone has; nobody else can use it then. */
  supporter: { name: string | null; email: string | null; accepted_at: string } | null;
}

/** A board shared with the caller, in their list of boards. */
export interface SharedBoardEntry {
  id: string;
  student_name: string;
  scope: ShareScope;
  cheers: boolean;
}

/** One assignment as a supporter sees it: only what the scope allows. */
export interface ProjectedAssignment {
  id: string;
  title: string;
  due_date: string;
  status: 'new' | 'in progress' | 'done';
  completed_date: string | null;
  steps_done?: number;
  steps_total?: number;
  description?: string;
}

/** The week at a glance; focus minutes are null unless focus time is in the scope. */
export interface ShareSummary {
  done_this_week: number;
  focus_minutes_this_week: number | null;
  due_soon: number;
}

export interface SharedBoard {
  student_name: string;
  scope: ShareScope;
  cheers: boolean;
  assignments: ProjectedAssignment[];
  summary: ShareSummary;
}

/** A cheer as the student sees it on their board. */
export interface Cheer {
  id: string;
  from: string;
  text: string;
  created_at: string;
}

/** "This week: 5 done, 3 h 20 min focused, 2 due in the next 3 days". */
export function summarySentence(summary: ShareSummary): string {
  const parts = [`${summary.done_this_week} done`];
  if (summary.focus_minutes_this_week !== null) {
    const h = Math.floor(summary.focus_minutes_this_week / 60);
    const m = summary.focus_minutes_this_week % 60;
    parts.push(`${h ? `${h} h ${m} min` : `${m} min`} focused`);
  }
  parts.push(`${summary.due_soon} due in the next 3 days`);
  return `This week: ${parts.join(', ')}`;
}
