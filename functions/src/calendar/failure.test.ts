import { createServer, type AddressInfo } from 'node:net';
import { calendar as googleCalendar } from 'googleapis/build/src/apis/calendar/index.js';
import { describe, expect, it } from 'vitest';
import { CALENDAR_UNREACHABLE, googleFailure } from './googleCalendar.ts';

/** A port on 127.0.0.1 where nothing listens. */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

describe('Calendar failures shown to students', () => {
  it('a Calendar that cannot be reached reads as a sentence without its address', async () => {
    const port = await closedPort();
    const calendar = googleCalendar({ version: 'v3', rootUrl: `http://127.0.0.1:${port}/` });
    const err = await calendar.events
      .insert({ calendarId: 'primary', requestBody: {} }, { timeout: 2_000, retry: false })
      .then(
        () => null,
        (e: unknown) => e,
      );
    // What the client library says on its own names the address.
    expect(String((err as Error).message)).toContain('127.0.0.1');
    const answer = googleFailure(err);
    expect(answer.status).toBe(503);
    expect(answer.message).toBe(CALENDAR_UNREACHABLE);
  });

  it("keeps Google's own reason when Google answered", () => {
    const err = Object.assign(new Error('Backend Error'), { response: { status: 500 } });
    expect(googleFailure(err).message).toBe(
      'Google Calendar did not accept the event: Backend Error',
    );
  });

  it('drops a reason that carries an address or a stack', () => {
    const err = Object.assign(new Error('request to http://10.0.0.5/token failed'), {
      response: { status: 502 },
    });
    expect(googleFailure(err).message).toBe(CALENDAR_UNREACHABLE);
  });
});
