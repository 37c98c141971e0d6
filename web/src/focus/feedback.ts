/**
 * What Focus Mode asks of sounds and haptics (docs/product.md, Behaviour and Constants). The app's
 * implementation is
 * web/src/feedback/cue.ts (appFeedback.ts); focus code only talks to this small interface so
 * tests can watch it.
 */
type FocusCue = 'subtaskComplete' | 'taskComplete' | 'timerComplete' | 'error';

export interface FocusFeedback {
  /** Plays the sound and the vibration pattern of a moment (each honours its own settings). */
  cue(kind: FocusCue): void;
}

export const silentFeedback: FocusFeedback = { cue: () => {} };
