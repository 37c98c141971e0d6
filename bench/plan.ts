/**
 * Budget: the week planner (domain/src/plan.ts) plans 50 assignments over two weeks in under
 * 20 ms. A measurement, not a timed test: it prints figures, and the seeded two-week example the
 * product notes show (what was planned, what was short, and why).
 *
 *   npx tsx bench/plan.ts            (BENCH_QUICK=1 or --quick: 5 runs)
 *
 * The input is seeded, so every run plans the same weeks: 50 open assignments due over the two
 * weeks, with estimates, focused time and busy evenings, in New York across the daylight-saving
 * Sunday of March 2026.
 */
import {
  DEFAULT_PLAN_SETTINGS,
  formatMinutes,
  isoInZone,
  planWeek,
  zonedInstant,
  type PlanAssignment,
  type PlanInput,
} from '@brainboard/domain';
import { finite, isMain, percentile, quickFromEnv, runAsScript } from './support.ts';

const ZONE = 'America/New_York';
const MINUTE = 60_000;
const at = (local: string) => zonedInstant(local, ZONE)!.getTime();

/** A small seeded generator (mulberry32), so the input is the same on every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` assignments due over the two weeks from Monday 2 March 2026, and busy evenings. */
export function seededWeeks(count: number): PlanInput {
  const random = seeded(32);
  const now = at('2026-03-02T12:00');
  const assignments: PlanAssignment[] = Array.from({ length: count }, (_, i) => {
    const day = 3 + Math.floor(random() * 13);
    const hour = [9, 12, 17, 23][Math.floor(random() * 4)]!;
    const steps = Math.floor(random() * 4);
    return {
      id: `a${String(i).padStart(2, '0')}`,
      status: random() < 0.2 ? 'in progress' : 'new',
      due_date: `2026-03-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00`,
      subtasks: Array.from({ length: steps }, () => ({
        completed: random() < 0.25,
        estimate_minutes: 15 + Math.floor(random() * 8) * 15,
      })),
      focus_minutes: random() < 0.3 ? 20 : 0,
    };
  });
  const busy = Array.from({ length: 14 }, (_, d) => d)
    .filter((d) => d % 3 === 1)
    .map((d) => {
      const start = now + d * 1440 * MINUTE + 6 * 60 * MINUTE;
      return { start, end: start + 90 * MINUTE };
    });
  return {
    assignments,
    busy,
    zone: ZONE,
    now,
    days: 14,
    settings: DEFAULT_PLAN_SETTINGS,
    learning: { factor: 1.2, basedOn: 4 },
  };
}

/** Times planning 50 assignments over two weeks: the figures in milliseconds. */
export function planTiming(options: { quick?: boolean } = {}): Record<string, number> {
  const input = seededWeeks(50);
  const runs = options.quick ? 5 : 200;
  for (let i = 0; i < (options.quick ? 1 : 20); i++) planWeek(input);
  const times: number[] = [];
  let sessions = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    sessions = planWeek(input).sessions.length;
    times.push(performance.now() - started);
  }
  return finite({
    runs,
    sessions,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: Math.max(...times),
  });
}

/** The seeded example, in words: one line per session and per shortfall. */
export function exampleLines(count = 8): string[] {
  const input = seededWeeks(count);
  const result = planWeek(input);
  const lines = [
    `Seeded example: ${count} assignments, ${input.zone}, from ${isoInZone(input.now, input.zone)}`,
  ];
  for (const a of input.assignments) {
    lines.push(
      `  ${a.id} due ${a.due_date}, steps ${a.subtasks.map((s) => `${s.estimate_minutes}${s.completed ? '✓' : ''}`).join('+') || 'none'}, focused ${a.focus_minutes ?? 0} min`,
    );
  }
  for (const s of result.sessions) {
    lines.push(
      `  planned ${s.assignment_id} · ${formatMinutes((s.end - s.start) / MINUTE)} · ${isoInZone(s.start, input.zone)}`,
    );
  }
  for (const u of result.unplanned)
    lines.push(`  short ${u.assignment_id}: ${formatMinutes(u.minutes_short)}`);
  return lines;
}

if (isMain(import.meta.url)) {
  runAsScript(async () => {
    const quick = quickFromEnv();
    const figures = planTiming({ quick });
    console.log(
      `planWeek, 50 assignments over 14 days, ${figures.runs} runs: p50 ${figures.p50!.toFixed(2)} ms, p95 ${figures.p95!.toFixed(2)} ms, max ${figures.max!.toFixed(2)} ms (${figures.sessions} sessions); budget 20 ms`,
    );
    for (const line of exampleLines()) console.log(line);
    // The median is the planner's own time; the tail shows what else the machine was doing.
    return figures.p50! < 20 ? 0 : 1;
  });
}
