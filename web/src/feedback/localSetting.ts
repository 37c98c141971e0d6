import { readStored, writeStored } from '../data/storage.ts';

/** A device setting kept as JSON, with change notification for React (useSyncExternalStore). */

export interface LocalSetting<T> {
  get(): T;
  set(value: T): void;
  subscribe(listener: () => void): () => void;
}

export function createLocalSetting<T>(key: string, parse: (raw: unknown) => T): LocalSetting<T> {
  const listeners = new Set<() => void>();
  let cached: { raw: string | null; value: T } | null = null;

  function get(): T {
    const raw = readStored(key);
    if (cached && cached.raw === raw) return cached.value;
    let parsed: unknown = undefined;
    try {
      parsed = raw === null ? undefined : JSON.parse(raw);
    } catch {
      parsed = undefined;
    }
    cached = { raw, value: parse(parsed) };
    return cached.value;
  }

  function set(value: T): void {
    // Without storage, keep it for this page view.
    cached = writeStored(key, JSON.stringify(value)) ? null : { raw: readStored(key), value };
    listeners.forEach((listener) => listener());
  }

  function onStorage(event: StorageEvent) {
    if (event.key === key || event.key === null) listeners.forEach((listener) => listener());
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    if (listeners.size === 1) window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) window.removeEventListener('storage', onStorage);
    };
  }

  return { get, set, subscribe };
}
