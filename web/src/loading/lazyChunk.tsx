import { lazy, useState, type ComponentType, type ReactNode } from 'react';
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
 * React.lazy for a part that stands alone (the editor, the signed-in pages, the board's drag
 * layer), with two differences:
 * - its own ChunkBoundary, so a failed load shows the note over the page instead of replacing it;
 * - once fetched (`preload`, or a first use), it renders at once. A React.lazy that was never
 *   rendered suspends on its first render even when its module is already here, and React then
 *   holds the revealed content back for up to 300 ms: the first tap would wait for nothing.
 * The caller's Suspense shows what stands in while it loads.
 *
 * Each time the part is put in the page it is drawn one way for as long as it stays: through
 * React.lazy if its code had not come yet, as itself if it had. React takes the two for
 * different components, and a switch from one to the other draws the part anew. Switching as
 * soon as the code came (as this did until decision 0046) went wrong when the code came while a
 * render was under way: React finished that render through React.lazy, and the next one drew
 * the part anew. For the board's drag layer that next render was the first drag's start:
 * dnd-kit's provider was made anew, and the key or the hold that started the drag was lost.
 */
export function lazyChunk<P extends object>(load: () => Promise<ComponentType<P>>): LazyChunk<P> {
  let loaded: ComponentType<P> | null = null;
  const fetchPart = loadOnce(() => chunk(load()).then((part) => (loaded = part)));
  const Lazy = lazy(() => fetchPart().then((part) => ({ default: part })));
  function Chunk(props: P) {
    // Chosen once, as the part is put in the page (once its code is here, React.lazy renders
    // it at once too).
    const [Part] = useState<ComponentType<P>>(() => loaded ?? Lazy);
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
