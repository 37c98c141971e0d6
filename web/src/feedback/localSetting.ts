/** A small setting kept in localStorage as JSON, with change notification for React. */
export interface LocalSetting<T> {
  get(): T;
  set(value: T): void;
  subscribe(listener: () => void): () => void;
}

export function createLocalSetting<T>(key: string, parse: (raw: unknown) => T): LocalSetting<T> {
  const listeners = new Set<() => void>();
  let cached: { raw: string | null; value: T } | null = null;

  function read(): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  }

  function get(): T {
    const raw = read();
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
    const raw = JSON.stringify(value);
    try {
      window.localStorage.setItem(key, raw);
      cached = null;
    } catch {
      // No storage: keep it for this page view.
      cached = { raw: read(), value };
    }
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
