import { STORAGE_KEYS } from '../data/storage.ts';
import { createLocalSetting } from './localSetting.ts';

/*
 * Sounds made with the Web Audio API: nothing to download, and one mute
 * setting, remembered on this device, silences all of them.
 */

export type SoundName = 'pop' | 'success' | 'complete' | 'error';

/** Whether sounds are muted on this device (default: sounds on). */
export const soundMuted = createLocalSetting<boolean>(
  STORAGE_KEYS.soundMuted,
  (raw) => raw === true,
);

export function isSoundMuted(): boolean {
  return soundMuted.get();
}

export function setSoundMuted(muted: boolean): void {
  soundMuted.set(muted);
}

type AudioContextClass = typeof AudioContext;
let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const Ctor: AudioContextClass | undefined =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Ctor) return null;
  try {
    context = new Ctor();
  } catch {
    return null;
  }
  return context;
}

interface Tone {
  /** Start, seconds after now. */
  at: number;
  freq: number;
  /** Glide to this frequency by the end. */
  to?: number;
  duration: number;
  type?: OscillatorType;
  volume?: number;
}

/** Soft, short tones: the notes of each sound. */
const SOUNDS: Record<SoundName, Tone[]> = {
  pop: [{ at: 0, freq: 620, to: 180, duration: 0.09, type: 'sine', volume: 0.3 }],
  success: [
    { at: 0, freq: 523.25, duration: 0.12, type: 'triangle' },
    { at: 0.1, freq: 783.99, duration: 0.2, type: 'triangle' },
  ],
  complete: [
    { at: 0, freq: 523.25, duration: 0.14, type: 'triangle' },
    { at: 0.12, freq: 659.25, duration: 0.14, type: 'triangle' },
    { at: 0.24, freq: 783.99, duration: 0.14, type: 'triangle' },
    { at: 0.36, freq: 1046.5, duration: 0.4, type: 'triangle' },
  ],
  error: [
    { at: 0, freq: 311.13, duration: 0.16, type: 'sine', volume: 0.25 },
    { at: 0.16, freq: 233.08, duration: 0.26, type: 'sine', volume: 0.25 },
  ],
};

function play(ctx: AudioContext, tones: Tone[]): void {
  const now = ctx.currentTime;
  for (const tone of tones) {
    const start = now + tone.at;
    const end = start + tone.duration;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = tone.type ?? 'sine';
    osc.frequency.setValueAtTime(tone.freq, start);
    if (tone.to) osc.frequency.exponentialRampToValueAtTime(tone.to, end);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(tone.volume ?? 0.18, start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, end);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start);
    osc.stop(end + 0.02);
  }
}

/** Plays a sound unless muted. Never throws; silent where Web Audio is missing. */
export function playSound(name: SoundName): void {
  if (isSoundMuted()) return;
  const ctx = audioContext();
  if (!ctx) return;
  try {
    if (ctx.state === 'suspended') {
      void ctx.resume().then(
        () => play(ctx, SOUNDS[name]),
        () => undefined,
      );
    } else {
      play(ctx, SOUNDS[name]);
    }
  } catch (err) {
    console.warn('Brainboard: could not play a sound.', err);
  }
}
