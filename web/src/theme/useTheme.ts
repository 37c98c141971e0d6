import { useSyncExternalStore } from 'react';
import {
  getThemeSnapshot,
  subscribeTheme,
  type ResolvedTheme,
  type ThemePreference,
} from './theme.ts';

/** The remembered preference and the theme on screen; re-renders when either changes. */
export function useTheme(): { preference: ThemePreference; theme: ResolvedTheme } {
  return useSyncExternalStore(subscribeTheme, getThemeSnapshot, getThemeSnapshot);
}
