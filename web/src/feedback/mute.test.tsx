import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingScreen } from '../loading/LoadingScreen.tsx';
import { cue, type FeedbackMoment } from './cue.ts';
import { playSound, setSoundMuted, type SoundName } from './sound.ts';

/**
 * The mute setting silences every sound. Every sound of the app is made by
 * feedback/sound.ts (the audit below keeps it so); these tests play each moment through the
 * ways the app reaches it, with sounds on and with the mute on.
 */

const MOMENTS: FeedbackMoment[] = [
  'timerComplete',
  'taskComplete',
  'subtaskComplete',
  'success',
  'error',
];
const SOUNDS: SoundName[] = ['pop', 'success', 'complete', 'error'];

/** A Web Audio stand-in: counts the sources started and the contexts made. */
const audio = { started: 0, contexts: 0 };
class FakeAudioContext {
  state = 'running';
  currentTime = 0;
  destination = {};
  constructor() {
    audio.contexts += 1;
  }
  resume = async () => {};
  createOscillator() {
    const param = { setValueAtTime() {}, exponentialRampToValueAtTime() {} };
    return {
      type: 'sine',
      frequency: param,
      connect: (node: unknown) => node,
      start: () => {
        audio.started += 1;
      },
      stop() {},
    };
  }
  createGain() {
    const param = { setValueAtTime() {}, exponentialRampToValueAtTime() {} };
    return { gain: param, connect: (node: unknown) => node };
  }
}

beforeEach(() => {
  localStorage.clear();
  audio.started = 0;
  vi.stubGlobal('AudioContext', FakeAudioContext);
  const play = vi.fn(async () => {
    audio.started += 1;
  });
  vi.stubGlobal(
    'Audio',
    vi.fn(() => ({ play })),
  );
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the mute setting', () => {
  it('with sounds on, every moment and every sound is heard', () => {
    for (const moment of MOMENTS) {
      const before = audio.started;
      cue(moment);
      expect(audio.started, moment).toBeGreaterThan(before);
    }
    for (const sound of SOUNDS) {
      const before = audio.started;
      playSound(sound);
      expect(audio.started, sound).toBeGreaterThan(before);
    }
  });

  it('muted, no moment and no sound starts anything', () => {
    setSoundMuted(true);
    for (const moment of MOMENTS) cue(moment);
    for (const sound of SOUNDS) playSound(sound);
    expect(audio.started).toBe(0);
  });

  it('muted, popping the loading screen bubbles is silent; unmuted it pops', async () => {
    const user = userEvent.setup();
    setSoundMuted(true);
    const { unmount } = render(<LoadingScreen done={false} onFinished={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Pop bubble 1 of 10' }));
    await user.click(screen.getByRole('button', { name: 'Pop bubble 2 of 10' }));
    expect(screen.getByText('2 of 10 popped')).toBeInTheDocument();
    expect(audio.started).toBe(0);
    unmount();

    setSoundMuted(false);
    render(<LoadingScreen done={false} onFinished={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Pop bubble 1 of 10' }));
    expect(audio.started).toBeGreaterThan(0);
  });
});

/** Every source file of the app (not the tests), as text. */
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('one way to make a sound', () => {
  it('finds the app sources', () => {
    expect(Object.keys(sources)).toContain('./sound.ts');
    expect(Object.keys(sources).length).toBeGreaterThan(50);
  });

  it('only feedback/sound.ts touches Web Audio, audio elements or media playback', () => {
    const SOUND_API =
      /\b(?:AudioContext|webkitAudioContext|OfflineAudioContext|HTMLAudioElement|new Audio\b|speechSynthesis)|\.play\(|<audio\b|<video\b/;
    const users = Object.entries(sources)
      .filter(([path, text]) => path !== './sound.ts' && SOUND_API.test(text))
      .map(([path]) => path);
    expect(users).toEqual([]);
  });
});
