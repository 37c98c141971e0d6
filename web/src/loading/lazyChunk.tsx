import { lazy, type ComponentType, type ReactNode } from 'react';
import { chunk } from './chunk.ts';
import { ChunkBoundary } from './ChunkBoundary.tsx';
import { loadOnce } from '../ui/loadOnce.ts';

/** A lazy part, and how to fetch it ahead of its first use. */
export interface LazyChunk<P> {
  (props: P): ReactNode;
  /**
   * Fetches the part now (e.g. when the browser is idle); settles once it is here or has failed
   * (a failure shows when it is used).
   */
  preload(): Promise<void>;
}

/**
 * React.lazy for a part that stands alone (the editor, the signed-in pages), with two differences:
 * - its own ChunkBoundary, so a failed load shows the note over the page instead of replacing it;
 * - once fetched (`preload`, or a first use), it renders at once. A React.lazy that was never
 *   rendered suspends on its first render even when its module is already here, and React then
 *   holds the revealed content back for up to 300 ms: the first tap would wait for nothing.
 * The caller's Suspense shows what stands in while it loads.
 */
export function lazyChunk<P extends object>(load: () => Promise<ComponentType<P>>): LazyChunk<P> {
  let loaded: ComponentType<P> | null = null;
  const fetchPart = loadOnce(() => chunk(load()).then((part) => (loaded = part)));
  const Lazy = lazy(() => fetchPart().then((part) => ({ default: part })));
  function Chunk(props: P) {
    const Part = loaded ?? Lazy;
    return (
      <ChunkBoundary>
        <Part {...props} />
      </ChunkBoundary>
    );
  }
  Chunk.preload = () =>
    fetchPart().then(
      () => undefined,
      () => undefined,
    );
  return Chunk;
}
