import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  Component,
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useState,
  type ReactNode,
} from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chunk } from './chunk.ts';
import { ChunkBoundary } from './ChunkBoundary.tsx';
import { lazyChunk } from './lazyChunk.tsx';

const fetchFailed = () =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));

/** Stands for whatever error boundary is further out. */
class Outer extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(e: Error) {
    return { error: e.message };
  }
  override render() {
    return this.state.error ? <p>outer: {this.state.error}</p> : this.props.children;
  }
}

// React logs every error a boundary catches; the test reads the screen instead.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('ChunkBoundary', () => {
  it('shows a calm note and "Try again" when a part cannot be fetched', async () => {
    const retry = vi.fn();
    const Part = lazy(() => chunk(fetchFailed()));
    render(
      <ChunkBoundary onRetry={retry}>
        <Suspense fallback={<p>Loading</p>}>
          <Part />
        </Suspense>
      </ChunkBoundary>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This part of Brainboard did not load. Check your connection, then try again.',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('passes any other error on to the boundary further out', async () => {
    function Broken(): ReactNode {
      throw new Error('a bug, not a missing chunk');
    }
    render(
      <Outer>
        <ChunkBoundary>
          <Broken />
        </ChunkBoundary>
      </Outer>,
    );
    expect(await screen.findByText('outer: a bug, not a missing chunk')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('lazyChunk keeps the note to its own part: the page around it stays', async () => {
    const Editor = lazyChunk<{ title: string }>(() => fetchFailed());
    render(
      <main>
        <h1>Board</h1>
        <Suspense fallback={null}>
          <Editor title="Essay" />
        </Suspense>
      </main>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('did not load');
    expect(screen.getByRole('heading', { name: 'Board' })).toBeInTheDocument();
  });

  it('lazyChunk shows the part once it loads', async () => {
    const Editor = lazyChunk<{ title: string }>(() =>
      Promise.resolve(({ title }: { title: string }) => <p>Editing {title}</p>),
    );
    render(
      <Suspense fallback={null}>
        <Editor title="Essay" />
      </Suspense>,
    );
    expect(await screen.findByText('Editing Essay')).toBeInTheDocument();
  });

  it('lazyChunk keeps a part it drew before its chunk came: the next render does not draw it anew', async () => {
    let mounts = 0;
    function Part({ title }: { title: string }) {
      useEffect(() => {
        mounts += 1;
      }, []);
      return <p>Editing {title}</p>;
    }
    const Editor = lazyChunk<{ title: string }>(() => Promise.resolve(Part));
    const page = (title: string) => (
      <Suspense fallback={null}>
        <Editor title={title} />
      </Suspense>
    );
    const { rerender } = render(page('Essay'));
    expect(await screen.findByText('Editing Essay')).toBeInTheDocument();
    // The page around it renders again once the chunk is here (a drag layer, an open form).
    rerender(page('Essay plan'));
    expect(screen.getByText('Editing Essay plan')).toBeInTheDocument();
    expect(mounts).toBe(1);
  });

  it('lazyChunk renders a preloaded part in its first render, without suspending', async () => {
    let arrived: () => void = () => undefined;
    const here = new Promise<void>((resolve) => (arrived = resolve));
    const Editor = lazyChunk<{ title: string }>(async () => {
      arrived();
      return ({ title }: { title: string }) => <p>Editing {title}</p>;
    });
    Editor.preload();
    await here;
    await Promise.resolve();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Editor title="Essay" />
      </Suspense>,
    );
    // In the very first commit: no fallback shown, nothing held back.
    expect(screen.getByText('Editing Essay')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('lazyChunk draws a part whose code came during a render only once', async () => {
    // React's own scheduler rather than act(), which finishes a render in one go: here React
    // must pause a render (a transition, as the board's that draws all its cards) while the
    // code comes.
    const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = env.IS_REACT_ACT_ENVIRONMENT;
    env.IS_REACT_ACT_ENVIRONMENT = false;
    const el = document.body.appendChild(document.createElement('div'));
    const root = createRoot(el);
    try {
      let mounts = 0;
      function Part({ title }: { title: string }) {
        useEffect(() => {
          mounts += 1;
        }, []);
        return <p>Editing {title}</p>;
      }
      let asked: () => void = () => undefined;
      const loading = new Promise<void>((resolve) => (asked = resolve));
      let arrive: () => void = () => undefined;
      const Editor = lazyChunk<{ title: string }>(() => {
        asked();
        return new Promise((resolve) => (arrive = () => resolve(Part)));
      });
      // The code comes during the render that draws `now`, after React has begun it.
      function CodeComes({ now }: { now: boolean }) {
        if (now) arrive();
        return null;
      }
      let setTitle: (title: string) => void = () => undefined;
      function Page() {
        const [title, set] = useState('Essay');
        setTitle = set;
        return (
          <>
            <CodeComes now={title === 'Essay plan'} />
            <Suspense fallback={null}>
              <Editor title={title} />
            </Suspense>
          </>
        );
      }
      root.render(<Page />);
      await loading;
      startTransition(() => setTitle('Essay plan'));
      await waitFor(() => expect(el.textContent).toBe('Editing Essay plan'));
      // The next render (for the board's drag layer: the first drag's start) keeps the part.
      setTitle('Essay outline');
      await waitFor(() => expect(el.textContent).toBe('Editing Essay outline'));
      expect(mounts).toBe(1);
    } finally {
      root.unmount();
      el.remove();
      env.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });
});
