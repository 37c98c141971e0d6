import { cue } from '../feedback/cue.ts';
import type { FocusFeedback } from './feedback.ts';

/** The app's sounds (Web Audio, the mute setting) and haptics (the haptic settings). */
export const focusFeedback: FocusFeedback = { cue };
