import { lazyChunk } from '../loading/lazyChunk.tsx';

/**
 * dnd-kit and the board's drag layer (DragLayer.tsx), in a chunk of their own: the board's first
 * frame is drawn without them (about 17 KB gzip less before it), and they arrive right after
 * it: rendering the layer's Suspense fetches them. The cards are drawn the same either way
 * (still cards, cardsNear.ts), so nothing is drawn anew when they come.
 */
export const BoardDragLayer = lazyChunk(() =>
  import('./DragLayer.tsx').then((m) => m.BoardDragLayer),
);
