import { readStored, STORAGE_KEYS, writeStored } from '../data/storage.ts';

/*
 * Light, dark or system theme (docs/product.md, Screens, Behaviour and Constants). The choice is
 * remembered in
 * localStorage; "system" follows the operating system live. The resolved theme
 * is set as <html data-theme="light|dark">, which base.css reads.
 *
 * This module is on the landing page, so it stays tiny and imports only types.
 */

export type ResolvedTheme = 'light' | 'dark';
const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

export const THEME_STORAGE_KEY = STORAGE_KEYS.theme;
const DARK_QUERY = '(prefers-color-scheme: dark)';

export function readThemePreference(): ThemePreference {
  const value = readStored(THEME_STORAGE_KEY);
  return THEME_PREFERENCES.find((p) => p === value) ?? 'system';
}

function systemTheme(): ResolvedTheme {
  return window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';
}

function resolveTheme(preference: ThemePreference): ResolvedTheme {
  return preference === 'system' ? systemTheme() : preference;
}

const listeners = new Set<() => void>();
let media: MediaQueryList | null = null;
let snapshot: { preference: ThemePreference; theme: ResolvedTheme } | null = null;

function compute() {
  const preference = readThemePreference();
  return { preference, theme: resolveTheme(preference) };
}

/** Puts the resolved theme on <html> and tells subscribers. */
function update(): void {
  const next = compute();
  const root = document.documentElement;
  root.dataset.theme = next.theme;
  root.style.colorScheme = next.theme;
  if (snapshot?.preference === next.preference && snapshot.theme === next.theme) return;
  snapshot = next;
  listeners.forEach((listener) => listener());
}

/** Applies the remembered theme; call once before the first render. */
export function initTheme(): void {
  update();
}

export function setThemePreference(preference: ThemePreference): void {
  // Without storage it is still applied for this page view.
  writeStored(THEME_STORAGE_KEY, preference);
  update();
}

/** Switches between light and dark (leaving "system" for an explicit choice). */
export function toggleTheme(): void {
  setThemePreference(getThemeSnapshot().theme === 'dark' ? 'light' : 'dark');
}

export function getThemeSnapshot(): { preference: ThemePreference; theme: ResolvedTheme } {
  if (!snapshot) snapshot = compute();
  return snapshot;
}

/** Subscribes to theme changes, the OS setting (live) and other tabs' choices. */
export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    media = window.matchMedia?.(DARK_QUERY) ?? null;
    media?.addEventListener?.('change', update);
    window.addEventListener('storage', onStorage);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      media?.removeEventListener?.('change', update);
      media = null;
      window.removeEventListener('storage', onStorage);
    }
  };
}

function onStorage(event: StorageEvent): void {
  if (event.key === THEME_STORAGE_KEY || event.key === null) update();
}
