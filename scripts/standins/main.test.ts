import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

describe('stand-ins CLI', () => {
  it('prints both URLs, serves them and exits cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        OPENAI_STANDIN_PORT: '0',
        CALENDAR_STANDIN_PORT: '0',
        LMS_STANDIN_PORT: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      await expect.poll(() => output, { timeout: 15_000 }).toMatch(/Calendar stand-in: (\S+)/);
      const openaiUrl = /OpenAI stand-in:\s+(\S+)/.exec(output)?.[1];
      const calendarUrl = /Calendar stand-in:\s+(\S+)/.exec(output)?.[1];
      expect(openaiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      expect(calendarUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const models = await fetch(`${openaiUrl}/models`, { headers: { authorization: 'Bearer x' } });
      expect(models.status).toBe(200);
      const events = await fetch(`${calendarUrl}__standin/events`);
      expect(await events.json()).toEqual([]);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 20_000);
});
