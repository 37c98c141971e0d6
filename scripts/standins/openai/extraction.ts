// The OpenAI stand-in's answer to the dated-items extraction (structured output named
// "dated_items", asked by functions/src/capture/extract.ts): what the real model would send
// for its input, read here by simple rules of the stand-in's own, so the AI path of quick
// add's brain dump and the syllabus import runs end to end without a key.
//
// It reads the present, the zone, the default time and the mode from the system message's
// "Now: YYYY-MM-DDTHH:MM (...) in Zone. Default time: HH:MM. Mode: syllabus|capture." line,
// then every line (and sentence) of the user message with the quick-add parser. The marker
// [[standin:bad-items]] in the text adds two items that fail the server's validation.
import { zonedInstant } from '@brainboard/domain';
import { parseQuickAdd, splitTasks } from '@brainboard/domain/quickAdd';
import { isRecord } from '../http-util.ts';

const EXTRACTION_SCHEMA = 'dated_items';
const BAD_ITEMS_MARKER = '[[standin:bad-items]]';

interface Item {
  title: string;
  due_date: string | null;
  course: string;
  kind: 'assignment' | 'quiz' | 'exam' | 'reading';
  steps: string[];
}

const textOf = (message: unknown): string =>
  isRecord(message) && typeof message.content === 'string' ? message.content : '';

function kindOf(title: string): Item['kind'] {
  if (/exam|midterm/i.test(title)) return 'exam';
  if (/quiz/i.test(title)) return 'quiz';
  if (/read|chapter/i.test(title)) return 'reading';
  return 'assignment';
}

/** The JSON content for an extraction request, or null when the request is another one. */
export function extractionAnswer(schemaName: unknown, messages: unknown): string | null {
  if (schemaName !== EXTRACTION_SCHEMA || !Array.isArray(messages)) return null;
  const system = textOf(messages.find((m) => isRecord(m) && m.role === 'system'));
  const text = textOf([...messages].reverse().find((m) => isRecord(m) && m.role === 'user'));
  const head = /Now: (\S+) \([^)]*\) in (\S+)\. Default time: (\d\d:\d\d)\. Mode: (\w+)/.exec(
    system,
  );
  const zone = head?.[2] ?? 'UTC';
  const now = (head && zonedInstant(head[1] as string, zone)) ?? new Date();
  const syllabus = head?.[4] === 'syllabus';
  const course = /\b([A-Z]{2,5}) ?(\d{3,4})\b/.exec(text);
  const term = /\b(spring|summer|fall|autumn|winter) (20\d\d)\b/i.exec(text);
  const termStart = term
    ? zonedInstant(
        `${term[2]}-${/fall|autumn/i.test(term[1] as string) ? '08' : /summer/i.test(term[1] as string) ? '05' : '01'}-01T00:00`,
        zone,
      )
    : null;
  const items: Item[] = [];
  for (const line of splitTasks(text.replace(BAD_ITEMS_MARKER, ''))) {
    if (syllabus && /office hours|no class|break|week \d/i.test(line)) continue;
    const read = parseQuickAdd(line, {
      now: syllabus && termStart ? termStart : now,
      zone,
      locale: 'en-US',
      defaultTime: head?.[3],
      forward: !syllabus || termStart !== null,
      requireDay: syllabus,
    });
    if (syllabus && !read.due_date) continue;
    items.push({
      title: read.title,
      due_date: read.due_date ? read.due_date.slice(0, 16) : null,
      course: course ? `${course[1]} ${course[2]}` : '',
      kind: kindOf(read.title),
      steps: syllabus ? [] : [`Get out what you need for ${read.title}`, 'Do the first small part'],
    });
  }
  if (text.includes(BAD_ITEMS_MARKER)) {
    items.push(
      {
        title: 'A date that is not one',
        due_date: 'next week',
        course: '',
        kind: 'quiz',
        steps: [],
      },
      { title: '   ', due_date: null, course: '', kind: 'assignment', steps: [] },
    );
  }
  return JSON.stringify({ items });
}
