import { CHUNK_ERROR_TEXT } from './chunkErrorText.ts';
import { Component, type ReactNode } from 'react';
import { ChunkLoadError } from './chunk.ts';
import './chunkError.css';

interface Props {
  children: ReactNode;
  /** Loads the page again (the default); a test passes its own. */
  onRetry?: () => void;
}

/**
 * Around lazy parts of the app (the signed-in pages, the editor): when a part's code cannot be
 * fetched (chunk.ts marks the failure), a calm note and "Try again" instead of a blank screen.
 * Trying again loads the page afresh: a browser does not fetch a failed module again in the same
 * page, and after a new release the fresh page names the new files. Other errors pass on.
 */
export class ChunkBoundary extends Component<Props, { failed: ChunkLoadError | Error | null }> {
  override state = { failed: null as ChunkLoadError | Error | null };

  static getDerivedStateFromError(error: unknown) {
    return { failed: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    const { failed } = this.state;
    if (!failed) return this.props.children;
    if (!(failed instanceof ChunkLoadError)) throw failed;
    return (
      <div className="chunk-error" role="alert">
        <p>{CHUNK_ERROR_TEXT}</p>
        <button
          type="button"
          className="button"
          onClick={this.props.onRetry ?? (() => window.location.reload())}
        >
          Try again
        </button>
      </div>
    );
  }
}
