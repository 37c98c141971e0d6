import { STORAGE_KEYS } from '../data/storage.ts';
import { createLocalSetting } from './localSetting.ts';

export const HAPTIC_INTENSITIES = ['light', 'medium', 'strong'] as const;
export type HapticIntensity = (typeof HAPTIC_INTENSITIES)[number];
/** Haptic defaults: enabled, medium intensity, subtask vibration off. */
const DEFAULT_HAPTIC_SETTINGS = {
  enabled: true,
  intensity: 'medium' as HapticIntensity,
  timerComplete: true,
  taskComplete: true,
  subtaskComplete: false,
} as const;

/** The moments that vibrate (docs/product.md, Constants). */
export type HapticKind = 'timerComplete' | 'taskComplete' | 'subtaskComplete' | 'success' | 'error';

/** Haptic settings, kept in localStorage. */
export interface HapticSettings {
  enabled: boolean;
  intensity: HapticIntensity;
  timerComplete: boolean;
  taskComplete: boolean;
  subtaskComplete: boolean;
}

/** Vibration patterns (ms on, off, on…) per moment and intensity. */
export const HAPTIC_PATTERNS: Record<HapticKind, Record<HapticIntensity, number[]>> = {
  timerComplete: {
    light: [120, 80, 120],
    medium: [200, 100, 200, 100, 200],
    strong: [300, 120, 300, 120, 450],
  },
  taskComplete: {
    light: [60, 40, 60],
    medium: [100, 60, 100, 60, 220],
    strong: [160, 80, 160, 80, 380],
  },
  subtaskComplete: { light: [20], medium: [40], strong: [70] },
  success: { light: [30, 30, 30], medium: [50, 40, 50], strong: [80, 50, 80] },
  error: { light: [70, 50, 70], medium: [140, 70, 140], strong: [240, 90, 240] },
};

function parseSettings(value: unknown): HapticSettings {
  const v = (value && typeof value === 'object' ? value : {}) as Partial<HapticSettings>;
  const bool = (x: unknown, fallback: boolean) => (typeof x === 'boolean' ? x : fallback);
  return {
    enabled: bool(v.enabled, DEFAULT_HAPTIC_SETTINGS.enabled),
    intensity: HAPTIC_INTENSITIES.includes(v.intensity as HapticIntensity)
      ? (v.intensity as HapticIntensity)
      : DEFAULT_HAPTIC_SETTINGS.intensity,
    timerComplete: bool(v.timerComplete, DEFAULT_HAPTIC_SETTINGS.timerComplete),
    taskComplete: bool(v.taskComplete, DEFAULT_HAPTIC_SETTINGS.taskComplete),
    subtaskComplete: bool(v.subtaskComplete, DEFAULT_HAPTIC_SETTINGS.subtaskComplete),
  };
}

/** Defaults: enabled, medium intensity, subtask vibration off. */
export const hapticSettings = createLocalSetting<HapticSettings>(
  STORAGE_KEYS.haptics,
  parseSettings,
);

/**
 * True on a device that can vibrate: the Vibration API exists and it is a
 * phone or tablet (vibration applies only on mobile devices).
 */
export function canVibrate(): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.vibrate !== 'function') return false;
  const data = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData;
  if (data?.mobile) return true;
  if (/Android|Mobi|iPhone|iPad|iPod/i.test(navigator.userAgent)) return true;
  return window.matchMedia?.('(pointer: coarse) and (hover: none)').matches ?? false;
}

function run(pattern: number | number[]): boolean {
  if (!canVibrate()) return false;
  try {
    return navigator.vibrate(pattern);
  } catch {
    return false;
  }
}

/** Vibrates the pattern of a moment, if the device can and the settings allow it. */
export function vibrate(kind: HapticKind): boolean {
  const settings = hapticSettings.get();
  if (!settings.enabled) return false;
  if (kind === 'timerComplete' || kind === 'taskComplete' || kind === 'subtaskComplete') {
    if (!settings[kind]) return false;
  }
  return run(HAPTIC_PATTERNS[kind][settings.intensity]);
}

/** One short buzz of `ms` milliseconds (the loading screen's bubble pop), if haptics are on. */
export function vibrateFor(ms: number): boolean {
  if (!hapticSettings.get().enabled) return false;
  return run(ms);
}
