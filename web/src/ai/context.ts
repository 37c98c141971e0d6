import { fullDateWords, fullDayWords, toLocalDate } from '@brainboard/domain';

/** The assignment as text for the AI (chat's first prompt, deep dive, suggestions). */

export interface AssignmentLike {
  title: string;
  description?: string;
  due_date?: string;
  subtasks?: { title: string; completed?: boolean }[];
  notes?: ({ text: string } | string)[];
}

/** Longest context sent; the server accepts prompts of up to 10,000 characters. */
const CONTEXT_MAX_CHARS = 8000;

/**
 * The due date written out in full ("Mon, Nov 23, 2026, 5:00 PM"): the chat keeps this text and
 * shows it again later, where "tomorrow" would have turned false.
 */
function readableDue(due: string): string {
  const d = toLocalDate(due);
  if (!d) return due;
  return due.includes('T') ? fullDateWords(d) : fullDayWords(d);
}

/** Chats saved before dates were written out said "2026-11-23 at 17:00"; they read the same now. */
const OLD_DUE = /^(\d{4}-\d{2}-\d{2})(?: at (\d{2}):(\d{2}))?$/;

function cap(text: string, max = CONTEXT_MAX_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export function assignmentContext(a: AssignmentLike): string {
  const lines = [`Title: ${a.title.trim()}`];
  if (a.due_date) lines.push(`Due: ${readableDue(a.due_date)}`);
  if (a.description?.trim()) lines.push(`Description: ${a.description.trim()}`);
  const subtasks = (a.subtasks ?? []).filter((s) => s.title.trim());
  if (subtasks.length > 0) {
    lines.push('Subtasks:');
    for (const s of subtasks) lines.push(`- ${s.completed ? '[done] ' : ''}${s.title.trim()}`);
  }
  const notes = (a.notes ?? [])
    .map((n) => (typeof n === 'string' ? n : n.text).trim())
    .filter(Boolean);
  if (notes.length > 0) {
    lines.push('Notes:');
    for (const n of notes) lines.push(`- ${n}`);
  }
  return cap(lines.join('\n'));
}

/**
 * The prompt for subtask suggestions: title, description and the existing subtasks
 * (docs/architecture.md).
 */
export function suggestionPrompt(
  title: string,
  description: string,
  existingSubtasks: string[],
): string {
  const lines = [`Title: ${title.trim()}`];
  if (description.trim()) lines.push(`Description: ${description.trim()}`);
  const existing = existingSubtasks.map((s) => s.trim()).filter(Boolean);
  if (existing.length > 0) {
    lines.push('Existing subtasks:');
    for (const s of existing) lines.push(`- ${s}`);
  }
  return cap(lines.join('\n'));
}

/**
 * The title and due date of a chat's opening context (assignmentContext's text), to show it
 * as a short card rather than as if the student had typed it; null for any other text.
 */
export function contextSummary(text: string): { title: string; due: string | null } | null {
  const lines = text.split('\n');
  const title = /^Title: (.*)$/.exec(lines[0] ?? '')?.[1]?.trim();
  if (!title) return null;
  const due = lines.map((l) => /^Due: (.*)$/.exec(l)?.[1]).find((d) => d !== undefined) ?? null;
  const old = due === null ? null : OLD_DUE.exec(due);
  if (!old) return { title, due };
  return { title, due: readableDue(old[2] ? `${old[1]}T${old[2]}:${old[3]}:00` : old[1]!) };
}
