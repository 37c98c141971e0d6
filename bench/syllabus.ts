/**
 * Precision and recall of both ways a syllabus is read, on the five fixture syllabi
 * (tests/fixtures/syllabi/, items written by hand): the rules (the quick-add parser over the
 * PDF's lines) and the AI path (structured output checked with zod). The AI path asks the
 * OpenAI stand-in, started here, unless OPENAI_API_KEY is set: then the real model
 * (OPENAI_MODEL, default gpt-4o-mini). Each PDF is read as an upload is (unpdf, pdf.js).
 *
 *   npx tsx bench/syllabus.ts            all five fixtures
 *   BENCH_QUICK=1 npx tsx bench/syllabus.ts   two of them
 */
import { readFileSync } from 'node:fs';
import { readSyllabusText } from '@brainboard/domain/quickAddSyllabus';
import { extractWithAi } from '../functions/src/capture/extract.ts';
import { openAiProvider } from '../functions/src/ai/provider.ts';
import { extractPdfText } from '../functions/src/files/pdf.ts';
import { startOpenAIStandin } from '../scripts/standins/openai-standin.ts';
import { EXPECTED, score } from '../tests/fixtures/syllabi/score.ts';
import { finite, isMain, quickFromEnv, runAsScript } from './support.ts';

/** The students' present the fixtures are read at: Thu, Nov 26, 2026, 2 PM in New York. */
const NOW = new Date(Date.UTC(2026, 10, 26, 19));
const ZONE = 'America/New_York';

export interface SyllabusFigures extends Record<string, number> {
  rulesPrecision: number;
  rulesRecall: number;
  aiPrecision: number;
  aiRecall: number;
  aiUnreadable: number;
}

const pct = (n: number) => `${(n * 100).toFixed(0)}%`;

export async function syllabusBench(opts: { quick?: boolean } = {}): Promise<SyllabusFigures> {
  const names = Object.keys(EXPECTED).slice(0, opts.quick ? 2 : undefined);
  const realKey = process.env.OPENAI_API_KEY?.trim();
  const standin = realKey ? null : await startOpenAIStandin({ host: '127.0.0.1' });
  const provider = openAiProvider({
    apiKey: realKey ?? 'stand-in',
    baseURL: realKey ? process.env.OPENAI_BASE_URL : standin!.url,
    model: process.env.OPENAI_MODEL?.trim() || (realKey ? 'gpt-4o-mini' : 'brainboard-standin'),
  });
  const totals = { rules: [0, 0, 0], ai: [0, 0, 0], unreadable: 0 };
  console.log(`syllabus bench: rules and AI (${realKey ? 'the real model' : 'the stand-in'})`);
  try {
    for (const name of names) {
      const expected = EXPECTED[name]!.items;
      const { text } = await extractPdfText(
        readFileSync(new URL(`../tests/fixtures/syllabi/${name}.pdf`, import.meta.url)),
      );
      const rules = readSyllabusText(text, { now: NOW, zone: ZONE, locale: 'en-US' });
      const ai = await extractWithAi(provider, {
        text,
        mode: 'syllabus',
        now: NOW,
        zone: ZONE,
        defaultTime: '23:59',
        signal: AbortSignal.timeout(120_000),
      });
      const aiDated = ai.items.filter((i) => i.due_date !== null);
      const r = score(rules, expected);
      const a = score(aiDated, expected);
      totals.rules = [
        totals.rules[0]! + r.matched,
        totals.rules[1]! + rules.length,
        totals.rules[2]! + expected.length,
      ];
      totals.ai = [
        totals.ai[0]! + a.matched,
        totals.ai[1]! + aiDated.length,
        totals.ai[2]! + expected.length,
      ];
      totals.unreadable += ai.unreadable;
      console.log(
        `  ${name.padEnd(11)} rules: precision ${pct(r.precision)}, recall ${pct(r.recall)} | ` +
          `AI: precision ${pct(a.precision)}, recall ${pct(a.recall)}, unreadable ${ai.unreadable}`,
      );
    }
  } finally {
    await standin?.close();
  }
  const [rm, rn, re] = totals.rules as [number, number, number];
  const [am, an, ae] = totals.ai as [number, number, number];
  const figures = finite<SyllabusFigures>({
    rulesPrecision: rn === 0 ? 0 : rm / rn,
    rulesRecall: rm / re,
    aiPrecision: an === 0 ? 0 : am / an,
    aiRecall: am / ae,
    aiUnreadable: totals.unreadable,
  });
  console.log(
    `  all         rules: precision ${pct(figures.rulesPrecision)}, recall ${pct(figures.rulesRecall)} | ` +
      `AI: precision ${pct(figures.aiPrecision)}, recall ${pct(figures.aiRecall)}`,
  );
  return figures;
}

if (isMain(import.meta.url)) {
  runAsScript(async () => {
    await syllabusBench({ quick: quickFromEnv() });
  });
}
