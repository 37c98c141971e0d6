import { useSyncExternalStore } from 'react';
import { hapticSettings, type HapticSettings } from './haptics.ts';
import { soundMuted } from './sound.ts';

/** Sound and haptic settings of this device, live, for the Settings modal. */
export function useFeedbackSettings(): {
  muted: boolean;
  setMuted(muted: boolean): void;
  haptics: HapticSettings;
  setHaptics(settings: HapticSettings): void;
} {
  const muted = useSyncExternalStore(soundMuted.subscribe, soundMuted.get, soundMuted.get);
  const haptics = useSyncExternalStore(
    hapticSettings.subscribe,
    hapticSettings.get,
    hapticSettings.get,
  );
  return { muted, setMuted: soundMuted.set, haptics, setHaptics: hapticSettings.set };
}
