/**
 * A dynamic import made once: every later call shares its promise, and a failed one (offline, a
 * newer release) is tried again on the next call.
 *
 * Each `import()` of a chunk that has chunks of its own runs Vite's preload helper again, and
 * that helper searches the whole document (for a CSP nonce) before it finds the module already
 * there. On a board of 300 cards the search took about 6 ms at 4× CPU, and the app paid it on
 * every API request (which asks for Firebase Auth), also inside a drop's or the editor's frame.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().catch((err: unknown) => {
      loading = null;
      throw err;
    }));
}
