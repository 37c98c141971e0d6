import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoutes } from './AppRoutes.tsx';
import { preloadSignedInApp } from './signedInChunk.ts';
import { Router } from '../router/router.tsx';
import { UpdatePrompt } from '../offline/UpdatePrompt.tsx';

/**
 * Starts the React app in `root`, in place of what is there (the loading skeleton, or the
 * landing page the entry drew without React). Loaded by the entry, src/main.ts. For a signed-in
 * page it first waits for that page's code (which the entry fetches alongside this module), so
 * the first render draws the page itself while the skeleton in index.html stays up.
 */
export async function mountApp(root: HTMLElement, signedIn: boolean): Promise<void> {
  if (signedIn) await preloadSignedInApp();
  createRoot(root).render(
    <StrictMode>
      <Router>
        <AppRoutes />
        <UpdatePrompt />
      </Router>
    </StrictMode>,
  );
}
