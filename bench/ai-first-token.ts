/**
 * Budget: from the AI provider's first token to that token rendered in the browser,
 * through the local stack (browser -> vite preview proxy -> Functions emulator -> the API ->
 * the OpenAI stand-in), at most 50 ms. A measurement, not a test: it prints figures.
 *
 *   npx tsx bench/ai-first-token.ts        (BENCH_QUICK=1 or --quick: two replies)
 *
 * The provider is the stand-in behind a small recording proxy (OPENAI_BASE_URL points the
 * functions at it): "first token" is when the proxy passes on the first chunk carrying reply
 * text. In the page a MutationObserver notes when the assistant message first shows text
 * ("committed") and the frame after it ("painted"). Both clocks are this machine's wall clock
 * (performance.timeOrigin + performance.now()). BENCH_RUNS sets the number of replies measured.
 *
 * Against a stack it did not start (the integration tests' shared one, whose functions already
 * talk to the stand-in directly) there is no proxy to watch: it then measures from the student
 * pressing Enter to the first reply text, and says so.
 */
import { APP_VERSION } from '@brainboard/domain';
import { request as httpRequest, createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startOpenAIStandin } from '../scripts/standins/openai-standin.ts';
import {
  apiAs,
  finite,
  isMain,
  percentile,
  quickFromEnv,
  runAsScript,
  signIn,
  withBenchPage,
  withOwnStack,
  type BenchUrls,
} from './support.ts';

const now = () => performance.timeOrigin + performance.now();

/** The stand-in behind a proxy that notes when the first reply text goes out, per request. */
async function recordingProvider() {
  const standin = await startOpenAIStandin({ port: 0 });
  const upstream = new URL(standin.url);
  const firstTokenAt: number[] = [];
  const server = createServer((req, res) => {
    const proxied = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (up: IncomingMessage) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        let seen = false;
        let head = '';
        up.on('data', (chunk: Buffer) => {
          if (!seen) {
            // An event may arrive split over chunks: look at everything so far.
            head += chunk.toString('utf8');
            if (/"delta":\{"content":"[^"]/.test(head)) {
              seen = true;
              firstTokenAt.push(now());
            }
          }
          res.write(chunk);
        });
        up.on('end', () => res.end());
      },
    );
    res.on('close', () => proxied.destroy());
    req.pipe(proxied);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    firstTokenAt,
    async close() {
      server.close();
      await standin.close();
    },
  };
}

/** Notes when the newest assistant message first shows text, and the frame after. */
const PROBE = `(() => {
  const probe = { committed: null, painted: null, known: 0 };
  window.__aiProbe = probe;
  const check = () => {
    if (probe.committed !== null) return;
    const replies = document.querySelectorAll('.ai-chat__msg--assistant .ai-chat__text');
    const last = replies[replies.length - 1];
    if (replies.length > probe.known && last && last.textContent.length > 0) {
      probe.committed = performance.timeOrigin + performance.now();
      requestAnimationFrame(() => { probe.painted = performance.timeOrigin + performance.now(); });
    }
  };
  new MutationObserver(check).observe(document, {
    childList: true, subtree: true, characterData: true,
  });
})()`;

interface AiFirstTokenFigures extends Record<string, number> {
  replies: number;
  committedMedian: number;
  paintedMedian: number;
  paintedMax: number;
}

interface AiFirstTokenOptions {
  quick?: boolean;
  runs?: number;
  /**
   * When each reply's first token left the provider (wall clock), in request order; without
   * it the figures start when the student sends the message.
   */
  firstTokenAt?: number[];
}

/** Measures against a running stack with a web app; prints and returns the figures. */
export async function aiFirstToken(
  urls: BenchUrls,
  options: AiFirstTokenOptions = {},
): Promise<AiFirstTokenFigures> {
  const runs = options.quick ? 2 : (options.runs ?? Number(process.env.BENCH_RUNS ?? 12));
  const firstTokenAt = options.firstTokenAt;
  return withBenchPage(async (page) => {
    page.on('dialog', (d) => void d.accept());
    await page.addInitScript(PROBE);
    await signIn(page, urls, `bench-ai-${Date.now()}@example.com`);
    const as = await apiAs(page, urls.api);
    await as.call('POST', '/api/acceptance', { privacyAccepted: true, tosAccepted: true });
    await as.call('PATCH', `/api/user/${as.uid}`, {
      last_used_version: APP_VERSION,
      last_whats_new_version: APP_VERSION,
      ai_help_enabled: true,
    });
    await as.call('POST', '/api/assignment', {
      title: 'Essay on bees',
      description: 'Two pages about pollination.',
    });
    await page.goto(`${urls.web}/dashboard`);
    await page.getByRole('button', { name: 'Edit Essay on bees' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Assignment' });
    await editor.getByRole('button', { name: 'Help' }).click();
    const chat = page.getByRole('dialog', { name: 'AI Help' });
    const idle = () =>
      chat.getByText('Thinking...').waitFor({ state: 'detached', timeout: 20_000 });
    const input = chat.getByRole('textbox', { name: 'Your message' });

    const committed: number[] = [];
    const painted: number[] = [];
    // The first reply answers the context on opening; it warms the path and is not counted.
    await page.waitForFunction('window.__aiProbe.painted !== null', undefined, { timeout: 20_000 });
    await idle();
    for (let i = 0; i < runs; i++) {
      await page.evaluate(`(() => {
        const p = window.__aiProbe;
        p.committed = null; p.painted = null;
        p.known = document.querySelectorAll('.ai-chat__msg--assistant').length;
      })()`);
      const before = firstTokenAt?.length ?? 0;
      await input.fill(`Question ${i + 1}: what should I do next?`);
      const sentAt = now();
      await input.press('Enter');
      await page.waitForFunction('window.__aiProbe.painted !== null', undefined, {
        timeout: 20_000,
      });
      await idle();
      const first = firstTokenAt ? firstTokenAt[before] : sentAt;
      if (first === undefined) throw new Error('The provider sent no reply text.');
      const probe = await page.evaluate<{ committed: number; painted: number }>('window.__aiProbe');
      committed.push(probe.committed - first);
      painted.push(probe.painted - first);
    }
    const fmt = (n: number) => `${n.toFixed(1)} ms`;
    const line = (values: number[]) =>
      `median ${fmt(percentile(values, 50))}, p90 ${fmt(percentile(values, 90))}, max ${fmt(Math.max(...values))}`;
    const start = firstTokenAt ? "provider's first token" : 'message sent (Enter)';
    console.log(
      `AI chat, ${start} -> first token in the browser (${runs} replies${options.quick ? ', quick mode' : ''})`,
    );
    console.log(`  -> in the DOM:          ${line(committed)}`);
    console.log(`  -> next frame (shown):  ${line(painted)}`);
    if (firstTokenAt && !options.quick) {
      const ok = percentile(painted, 50) <= 50;
      console.log(`  budget 50 ms (median to the frame): ${ok ? 'met' : 'NOT met'}`);
    }
    return finite<AiFirstTokenFigures>({
      replies: committed.length,
      committedMedian: percentile(committed, 50),
      paintedMedian: percentile(painted, 50),
      paintedMax: Math.max(...painted),
    });
  });
}

if (isMain(import.meta.url)) {
  runAsScript(async () => {
    const provider = await recordingProvider();
    process.env.OPENAI_BASE_URL = provider.url;
    try {
      await withOwnStack('preview', async (urls) => {
        await aiFirstToken(urls, { quick: quickFromEnv(), firstTokenAt: provider.firstTokenAt });
      });
    } finally {
      await provider.close();
    }
  });
}
