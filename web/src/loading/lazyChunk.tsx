import { lazy, type ComponentType, type ReactNode } from 'react';
import { chunk } from './chunk.ts';
import { ChunkBoundary } from './ChunkBoundary.tsx';

/**
 * React.lazy for a part that stands alone (the editor): its own ChunkBoundary, so a failed load
 * shows the note over the board instead of replacing the page. The caller's Suspense shows what
 * stands in while it loads.
 */
export function lazyChunk<P extends object>(
  load: () => Promise<ComponentType<P>>,
): (props: P) => ReactNode {
  const Lazy = lazy(() => chunk(load()).then((part) => ({ default: part })));
  return function Chunk(props: P) {
    return (
      <ChunkBoundary>
        <Lazy {...props} />
      </ChunkBoundary>
    );
  };
}
