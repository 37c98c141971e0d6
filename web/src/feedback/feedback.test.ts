import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cue } from './cue.ts';
import { HAPTIC_PATTERNS, hapticSettings, vibrate, vibrateFor } from './haptics.ts';
import { isSoundMuted, playSound, setSoundMuted } from './sound.ts';

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

function device(kind: 'phone' | 'desktop', canVibrate = true) {
  const vibrateSpy = vi.fn(() => true);
  vi.stubGlobal('navigator', {
    ...navigator,
    userAgent: kind === 'phone' ? PHONE_UA : DESKTOP_UA,
    vibrate: canVibrate ? vibrateSpy : undefined,
  });
  vi.stubGlobal('matchMedia', () => ({ matches: false }));
  return vibrateSpy;
}

/** Oscillators started by the Web Audio stand-in (sound.ts keeps its first AudioContext). */
const started: number[] = [];

/** A Web Audio stand-in that records the oscillators started. */
function fakeAudio() {
  started.length = 0;
  const param = () => ({
    setValueAtTime: vi.fn(),
    exponentialRampToValueAtTime: vi.fn(),
  });
  class FakeContext {
    state = 'running';
    currentTime = 0;
    destination = {};
    resume = vi.fn(async () => {});
    createOscillator() {
      const osc = {
        type: 'sine',
        frequency: param(),
        connect: (node: unknown) => node,
        start: vi.fn(() => started.push(1)),
        stop: vi.fn(),
      };
      return osc;
    }
    createGain() {
      return { gain: param(), connect: (node: unknown) => node };
    }
  }
  vi.stubGlobal('AudioContext', FakeContext);
  return started;
}

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('haptics', () => {
  it('starts from the spec defaults: enabled, medium, subtask vibration off', () => {
    expect(hapticSettings.get()).toEqual({
      enabled: true,
      intensity: 'medium',
      timerComplete: true,
      taskComplete: true,
      subtaskComplete: false,
    });
  });

  it('has a pattern for every moment at three intensities, stronger ones lasting longer', () => {
    const total = (p: number[]) => p.reduce((a, b) => a + b, 0);
    for (const kind of Object.keys(HAPTIC_PATTERNS) as (keyof typeof HAPTIC_PATTERNS)[]) {
      const { light, medium, strong } = HAPTIC_PATTERNS[kind];
      expect(total(light)).toBeLessThan(total(medium));
      expect(total(medium)).toBeLessThan(total(strong));
    }
    expect(Object.keys(HAPTIC_PATTERNS).sort()).toEqual(
      ['error', 'subtaskComplete', 'success', 'taskComplete', 'timerComplete'].sort(),
    );
  });

  it('vibrates the pattern of the chosen intensity on a phone', () => {
    const buzz = device('phone');
    expect(vibrate('timerComplete')).toBe(true);
    expect(buzz).toHaveBeenLastCalledWith(HAPTIC_PATTERNS.timerComplete.medium);
    hapticSettings.set({ ...hapticSettings.get(), intensity: 'strong' });
    vibrate('error');
    expect(buzz).toHaveBeenLastCalledWith(HAPTIC_PATTERNS.error.strong);
  });

  it('does not vibrate on a desktop, or where the Vibration API is missing', () => {
    const buzz = device('desktop');
    expect(vibrate('taskComplete')).toBe(false);
    expect(buzz).not.toHaveBeenCalled();
    device('phone', false);
    expect(vibrate('taskComplete')).toBe(false);
  });

  it('honours the settings: off entirely, and subtask vibration off by default', () => {
    const buzz = device('phone');
    expect(vibrate('subtaskComplete')).toBe(false);
    hapticSettings.set({ ...hapticSettings.get(), subtaskComplete: true });
    expect(vibrate('subtaskComplete')).toBe(true);
    hapticSettings.set({ ...hapticSettings.get(), enabled: false });
    expect(vibrate('success')).toBe(false);
    expect(vibrateFor(10)).toBe(false);
    expect(buzz).toHaveBeenCalledTimes(1);
  });

  it('remembers the settings in localStorage', () => {
    hapticSettings.set({ ...hapticSettings.get(), intensity: 'light', taskComplete: false });
    const stored = JSON.parse(localStorage.getItem('brainboard.haptics') ?? '{}');
    expect(stored).toMatchObject({ intensity: 'light', taskComplete: false });
    expect(hapticSettings.get().intensity).toBe('light');
  });

  it('buzzes for a given time (the loading screen pop)', () => {
    const buzz = device('phone');
    expect(vibrateFor(10)).toBe(true);
    expect(buzz).toHaveBeenCalledWith(10);
  });
});

describe('sounds (Web Audio)', () => {
  it('plays a sound made of oscillators', () => {
    const started = fakeAudio();
    playSound('pop');
    expect(started.length).toBeGreaterThan(0);
  });

  it('is silent when muted, and the mute is remembered', () => {
    const started = fakeAudio();
    expect(isSoundMuted()).toBe(false);
    setSoundMuted(true);
    expect(localStorage.getItem('brainboard.sound-muted')).toBe('true');
    expect(isSoundMuted()).toBe(true);
    playSound('complete');
    expect(started).toHaveLength(0);
    setSoundMuted(false);
    playSound('complete');
    expect(started.length).toBeGreaterThan(0);
  });

  it('cue() plays a sound and vibrates for a moment', () => {
    const started = fakeAudio();
    const buzz = device('phone');
    cue('taskComplete');
    expect(started.length).toBeGreaterThan(0);
    expect(buzz).toHaveBeenCalledWith(HAPTIC_PATTERNS.taskComplete.medium);
  });
});
