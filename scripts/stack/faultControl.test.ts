import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultControl, type FaultControl, type StoppablePart } from './faultControl.ts';

function fakePart(): StoppablePart & { calls: string[] } {
  let running = true;
  const calls: string[] = [];
  return {
    calls,
    get running() {
      return running;
    },
    stop() {
      calls.push('stop');
      running = false;
      return Promise.resolve();
    },
    start() {
      calls.push('start');
      running = true;
      return Promise.resolve();
    },
  };
}

describe('the stack fault control', () => {
  const calendar = fakePart();
  let control: FaultControl;
  beforeAll(async () => {
    control = await startFaultControl({ calendar });
  });
  afterAll(() => control.close());

  const post = (path: string) => fetch(`${control.url}${path}`, { method: 'POST' });

  it('stops and starts a part, answering once it is done', async () => {
    const stopped = await post('/parts/calendar/stop');
    expect(stopped.status).toBe(200);
    expect(await stopped.json()).toEqual({ calendar: { running: false } });
    expect(await (await fetch(`${control.url}/parts`)).json()).toEqual({
      calendar: { running: false },
    });
    const started = await post('/parts/calendar/start');
    expect(await started.json()).toEqual({ calendar: { running: true } });
    expect(calendar.calls).toEqual(['stop', 'start']);
  });

  it('answers 404 for an unknown part or action, and for a GET of an action', async () => {
    for (const res of [
      await post('/parts/constructor/stop'),
      await post('/parts/calendar/pause'),
      await fetch(`${control.url}/parts/calendar/stop`),
    ]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: expect.any(String) as string });
    }
    expect(calendar.calls).toEqual(['stop', 'start']);
  });
});
