import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useIdle, whenIdle } from './idle.ts';

/** The idle callbacks asked for, run by the test when it says the browser is idle. */
let asked: { run: IdleRequestCallback; options?: IdleRequestOptions }[] = [];

beforeEach(() => {
  asked = [];
  vi.stubGlobal('requestIdleCallback', (run: IdleRequestCallback, options?: IdleRequestOptions) => {
    asked.push({ run, options });
    return asked.length;
  });
  vi.stubGlobal('cancelIdleCallback', (id: number) => {
    asked[id - 1] = { run: () => undefined };
  });
});
afterEach(() => vi.unstubAllGlobals());

const goIdle = () =>
  act(() => {
    for (const { run } of asked) run({ didTimeout: false, timeRemaining: () => 50 });
  });

function Probe() {
  return <p>{useIdle() ? 'idle' : 'busy'}</p>;
}

describe('whenIdle', () => {
  it('runs once the browser is idle, with the deadline given, and not once cancelled', () => {
    const run = vi.fn();
    whenIdle(run, 2000);
    expect(asked[0]?.options).toEqual({ timeout: 2000 });
    const cancel = whenIdle(run);
    expect(asked[1]?.options).toBeUndefined();
    cancel();
    goIdle();
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe('useIdle', () => {
  it('is false while the page loads, and true once the browser is idle', () => {
    render(<Probe />);
    expect(screen.getByText('busy')).toBeInTheDocument();
    expect(asked[0]?.options).toEqual({ timeout: 2000 });
    goIdle();
    expect(screen.getByText('idle')).toBeInTheDocument();
  });

  it('is true at the first touch or key, before the browser is idle', () => {
    render(<Probe />);
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    });
    expect(screen.getByText('idle')).toBeInTheDocument();
  });
});
