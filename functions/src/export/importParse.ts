import { createHash } from 'node:crypto';
import { wallClockIn, type ImportFormat, type Status } from '@brainboard/domain';
import { parse as parseCsv } from 'csv-parse/sync';

/**
 * Reading an import file into assignment bodies, before validation (docs/product.md, "Your
 * data out, and in"). Pure: no database, the student's zone passed in. Each candidate keeps
 * the line (CSV row, or position in the JSON list, from 1) it came from, so what is skipped
 * can be named; validation with the API's own schema comes after (import.ts).
 */

interface Candidate {
  line: number;
  /** An assignment body as `POST /api/assignment` takes it, with a stable `id`. */
  body: Record<string, unknown>;
  /** Where it goes, and why (the mapping shown before importing). */
  column: Status;
  mapped_from?: string;
  /** When a Done card was finished (a Brainboard export's `completed_date`), kept as it was. */
  completed_date?: string;
  /** A Brainboard export's place of the card in its column: its rank, then when it was made. */
  rank?: number;
  created_at?: string;
  /** The repeat (a Brainboard export's series) the card is an instance of, and its rule. */
  series_id?: string;
  repeat?: unknown;
}

interface Skip {
  line: number;
  reason: string;
}

export interface Parsed {
  candidates: Candidate[];
  skipped: Skip[];
  /** A Brainboard export's repeats (its `series` list), as exported: validated when used. */
  series?: Record<string, unknown>[];
}

export class ImportFormatError extends Error {}

/** A stable id for something without one of its own: a second import finds the same card. */
const stableId = (prefix: string, ...parts: string[]) =>
  `${prefix}-${createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 24)}`;

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The column named like a Brainboard column (any case), otherwise New. */
function columnByName(name: string): Status {
  const n = name.trim().toLowerCase();
  if (n === 'done') return 'done';
  if (n === 'in progress') return 'in progress';
  return 'new';
}

/** A due instant (ISO with a zone) as the student's wall-clock due date. */
function dueFromInstant(value: unknown, zone: string): string {
  if (typeof value !== 'string' || !value) return '';
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? '' : wallClockIn(ms, zone);
}

/** A Brainboard JSON export: its assignments, as they were exported. */
function fromBrainboard(content: string): Parsed {
  let data: unknown;
  try {
    data = JSON.parse(content);
  } catch {
    throw new ImportFormatError('That file is not valid JSON. Choose a Brainboard JSON export.');
  }
  const list = (data as { assignments?: unknown } | null)?.assignments;
  const series = (data as { series?: unknown } | null)?.series;
  if ((data as { format?: unknown } | null)?.format !== 'brainboard' || !Array.isArray(list)) {
    throw new ImportFormatError(
      'That file is not a Brainboard export. Choose a Brainboard JSON export.',
    );
  }
  const candidates: Candidate[] = [];
  const skipped: Skip[] = [];
  list.forEach((raw: unknown, i) => {
    const line = i + 1;
    if (!raw || typeof raw !== 'object') {
      skipped.push({ line, reason: 'Not an assignment.' });
      return;
    }
    const a = raw as Record<string, unknown>;
    const body: Record<string, unknown> = {
      id: a.id,
      title: a.title,
      description: a.description,
      due_date: a.due_date,
      status: a.status,
      subtasks: Array.isArray(a.subtasks)
        ? a.subtasks.map((s: Record<string, unknown>) => ({
            id: s?.id,
            title: s?.title,
            completed: s?.completed,
            ...(typeof s?.estimate_minutes === 'number'
              ? { estimate_minutes: s.estimate_minutes }
              : {}),
          }))
        : [],
      notes: Array.isArray(a.notes)
        ? a.notes.map((n: Record<string, unknown>) => ({ id: n?.id, text: n?.text }))
        : [],
      reminders: a.reminders ?? null,
    };
    const done =
      typeof a.completed_date === 'string' && !Number.isNaN(Date.parse(a.completed_date));
    candidates.push({
      line,
      body,
      column: columnByName(str(a.status)),
      ...(done ? { completed_date: new Date(a.completed_date as string).toISOString() } : {}),
      ...(typeof a.rank === 'number' && Number.isFinite(a.rank) ? { rank: a.rank } : {}),
      ...(typeof a.created_at === 'string' ? { created_at: a.created_at } : {}),
      ...(typeof a.series_id === 'string' ? { series_id: a.series_id, repeat: a.repeat } : {}),
    });
  });
  return {
    candidates,
    skipped,
    series: Array.isArray(series)
      ? series.filter((s): s is Record<string, unknown> => !!s && typeof s === 'object')
      : [],
  };
}

/**
 * A Todoist project CSV (its documented template: TYPE, CONTENT, DESCRIPTION, PRIORITY, INDENT,
 * ..., DATE, ...). A task at indent 1 is an assignment; a deeper task is a step of the one
 * above; a note is a note of the task above; a section names the column of the tasks under it
 * (by name, otherwise New). DATE is kept when it is a date (YYYY-MM-DD, optionally with a
 * time); Todoist's natural-language dates ("every monday") are left out and said so.
 */
function fromTodoist(content: string): Parsed {
  let rows: string[][];
  try {
    rows = parseCsv(content, { bom: true, relax_column_count: true, skip_empty_lines: false });
  } catch {
    throw new ImportFormatError(
      'That file is not a readable CSV file. Choose a Todoist CSV export.',
    );
  }
  const header = (rows[0] ?? []).map((h) => h.trim().toUpperCase());
  const col = (name: string) => header.indexOf(name);
  const [TYPE, CONTENT, DESCRIPTION, INDENT, DATE] = [
    col('TYPE'),
    col('CONTENT'),
    col('DESCRIPTION'),
    col('INDENT'),
    col('DATE'),
  ];
  if (TYPE < 0 || CONTENT < 0) {
    throw new ImportFormatError(
      'That CSV file has no TYPE and CONTENT columns. Choose a Todoist CSV export.',
    );
  }
  const candidates: Candidate[] = [];
  const skipped: Skip[] = [];
  let section = '';
  let current: Candidate | null = null;
  rows.slice(1).forEach((row, i) => {
    const line = i + 2;
    const type = (row[TYPE] ?? '').trim();
    const text = (row[CONTENT] ?? '').trim();
    if (!type && !text) return;
    if (type === 'section') {
      section = text;
      current = null;
      return;
    }
    if (type === 'note') {
      if (!current) skipped.push({ line, reason: 'A note with no task above it.' });
      else (current.body.notes as unknown[]).push({ text });
      return;
    }
    if (type !== 'task') {
      skipped.push({ line, reason: `Unknown row type "${type.slice(0, 20)}".` });
      return;
    }
    const indent = Number((INDENT >= 0 ? row[INDENT] : '') || 1);
    if (indent > 1) {
      if (!current) skipped.push({ line, reason: 'A sub-task with no task above it.' });
      else (current.body.subtasks as unknown[]).push({ title: text, completed: false });
      return;
    }
    const date = (DATE >= 0 ? (row[DATE] ?? '') : '').trim();
    const m = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}):(\d{2}))?$/.exec(date);
    const due = m ? (m[2] ? `${m[1]}T${m[2]}:${m[3]}:00` : m[1]!) : '';
    if (date && !m)
      skipped.push({ line, reason: `Due date "${date.slice(0, 40)}" left out: not a date.` });
    const column = columnByName(section);
    current = {
      line,
      body: {
        id: stableId('todoist', section, text, date),
        title: text,
        description: DESCRIPTION >= 0 ? (row[DESCRIPTION] ?? '') : '',
        due_date: due,
        status: column,
        subtasks: [],
        notes: [],
      },
      column,
      ...(section ? { mapped_from: section } : {}),
    };
    candidates.push(current);
  });
  // Steps and notes get ids from their card's, so a second import matches them too.
  for (const c of candidates) {
    c.body.subtasks = (c.body.subtasks as { title: string }[]).map((s, i) => ({
      ...s,
      id: `${c.body.id as string}-s${i + 1}`,
    }));
    c.body.notes = (c.body.notes as { text: string }[]).map((n, i) => ({
      ...n,
      id: `${c.body.id as string}-n${i + 1}`,
    }));
  }
  return { candidates, skipped };
}

interface TrelloBoard {
  lists?: { id?: unknown; name?: unknown; closed?: unknown }[];
  cards?: {
    id?: unknown;
    name?: unknown;
    desc?: unknown;
    idList?: unknown;
    due?: unknown;
    dueComplete?: unknown;
    closed?: unknown;
  }[];
  checklists?: {
    idCard?: unknown;
    pos?: unknown;
    checkItems?: { id?: unknown; name?: unknown; state?: unknown; pos?: unknown }[];
  }[];
}

/**
 * A Trello board's JSON export: each open card is an assignment in the column named like its
 * list (otherwise New), its due date in the student's zone, its checklists' items as steps.
 * Archived cards and cards of archived lists are skipped.
 */
function fromTrello(content: string, zone: string): Parsed {
  let board: TrelloBoard;
  try {
    board = JSON.parse(content) as TrelloBoard;
  } catch {
    throw new ImportFormatError('That file is not valid JSON. Choose a Trello board JSON export.');
  }
  if (!board || !Array.isArray(board.cards) || !Array.isArray(board.lists)) {
    throw new ImportFormatError(
      'That file is not a Trello board export (it has no cards and lists). Choose a Trello board JSON export.',
    );
  }
  const lists = new Map(board.lists.map((l) => [str(l.id), l]));
  const steps = new Map<string, { id: string; title: string; completed: boolean }[]>();
  const checklists = [...(board.checklists ?? [])].sort(
    (a, b) => Number(a.pos ?? 0) - Number(b.pos ?? 0),
  );
  for (const cl of checklists) {
    const items = [...(cl.checkItems ?? [])].sort(
      (a, b) => Number(a.pos ?? 0) - Number(b.pos ?? 0),
    );
    const list = steps.get(str(cl.idCard)) ?? [];
    for (const item of items) {
      list.push({
        id: `trello-${str(item.id)}`,
        title: str(item.name),
        completed: item.state === 'complete',
      });
    }
    steps.set(str(cl.idCard), list);
  }
  const candidates: Candidate[] = [];
  const skipped: Skip[] = [];
  board.cards.forEach((card, i) => {
    const line = i + 1;
    const list = lists.get(str(card.idList));
    if (card.closed === true || list?.closed === true) {
      skipped.push({ line, reason: 'Archived in Trello.' });
      return;
    }
    const listName = str(list?.name);
    const column = columnByName(listName);
    candidates.push({
      line,
      body: {
        id: `trello-${str(card.id)}`,
        title: str(card.name),
        description: str(card.desc),
        due_date: dueFromInstant(card.due, zone),
        status: column,
        subtasks: steps.get(str(card.id)) ?? [],
        notes: [],
      },
      column,
      ...(listName ? { mapped_from: listName } : {}),
    });
  });
  return { candidates, skipped };
}

/** The candidates of an import file of `format`; a file that is not one throws ImportFormatError. */
export type { ImportFormat };

export function parseImport(format: ImportFormat, content: string, zone: string): Parsed {
  if (format === 'brainboard') return fromBrainboard(content);
  if (format === 'todoist') return fromTodoist(content);
  return fromTrello(content, zone);
}
