import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoutes } from './AppRoutes.tsx';
import { preloadSignedInApp } from './signedInChunk.ts';
import { Router } from '../router/router.tsx';
import { UpdatePrompt } from '../offline/UpdatePrompt.tsx';
import { onPhone } from '../ui/phone.ts';

/**
 * Starts the React app in `root`, in place of what is there (the loading skeleton, or the
 * landing page the entry drew without React). Loaded by the entry, src/main.ts. For a signed-in
 * page it first waits for that page's code (which the entry fetches alongside this module), so
 * the first render draws the page itself while the skeleton in index.html stays up.
 *
 * On a phone that first render is a transition, which React renders in slices of about 5 ms
 * between frames, with the skeleton on screen until it is done: a slow phone's main thread is
 * never held by it for long (decision 0049). On a wider screen it is one task, as the board's
 * first frame of 300 cards is quicker so (decision 0033).
 */
export async function mountApp(root: HTMLElement, signedIn: boolean): Promise<void> {
  if (signedIn) await preloadSignedInApp();
  const app = createRoot(root);
  const render = () =>
    app.render(
      <StrictMode>
        <Router>
          <AppRoutes />
          <UpdatePrompt />
        </Router>
      </StrictMode>,
    );
  if (onPhone()) startTransition(render);
  else render();
}
