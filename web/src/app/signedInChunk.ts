import { lazyChunk } from '../loading/lazyChunk.tsx';

/**
 * The signed-in pages, fetched as their own chunk. A lazyChunk, so that once fetched it renders
 * at once: a React.lazy suspends on its first render even when its code is here, and React then
 * holds the page back for up to 300 ms.
 */
export const SignedInApp = lazyChunk(() => import('./SignedInApp.tsx').then((m) => m.default));

/** Fetches the signed-in pages' code; settles when it is here (or could not be fetched). */
export const preloadSignedInApp = (): Promise<void> => SignedInApp.preload();
