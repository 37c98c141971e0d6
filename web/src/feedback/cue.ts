import { vibrate, type HapticKind } from './haptics.ts';
import { playSound, type SoundName } from './sound.ts';

/** Moments that get both a sound and a vibration. */
export type FeedbackMoment = HapticKind;

const SOUND_OF: Record<FeedbackMoment, SoundName> = {
  timerComplete: 'complete',
  taskComplete: 'complete',
  subtaskComplete: 'success',
  success: 'success',
  error: 'error',
};

/** The sound and the vibration of a moment; each honours its own setting. */
export function cue(moment: FeedbackMoment): void {
  playSound(SOUND_OF[moment]);
  vibrate(moment);
}
