/** A part of the app's code (a lazy chunk) that could not be fetched: offline, or replaced by a
 * newer release whose files have other names. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('A part of the app could not be loaded.', { cause });
    this.name = 'ChunkLoadError';
  }
}

/** A lazy chunk's import, its failure marked for the ChunkBoundary around it. */
export const chunk = <T>(load: Promise<T>): Promise<T> =>
  load.catch((cause: unknown) => {
    throw new ChunkLoadError(cause);
  });
