import { PUBLIC_PATHS } from './app/publicPaths.ts';
import { readSessionHint } from './data/storage.ts';
import { renderLanding } from './landing/landingPage.ts';
import { CHUNK_ERROR_TEXT } from './loading/chunkErrorText.ts';
import { registerServiceWorker } from './reminders/serviceWorker.ts';
import { initTheme } from './theme/theme.ts';
import './ui/base.css';
import './loading/chunkError.css';

/*
 * The entry. A first visit to "/" is the landing page, drawn without React so that it shows
 * after the smallest download (docs/decisions/0026-landing-and-auth-after-paint.md). Every other page,
 * and "/" for a student signed in here (who goes straight to the board), starts the React app,
 * which is fetched as its own chunk.
 */

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

initTheme();
registerServiceWorker();

let starting: Promise<void> | null = null;
/**
 * Fetches and starts the app once. When its code cannot be fetched (offline, or a newer release
 * replaced it), the same calm note and "Try again" as the app's ChunkBoundary.
 */
function startApp(el: HTMLElement): Promise<void> {
  const path = normalPath(window.location.pathname);
  const signedIn = !PUBLIC_PATHS.includes(path) && !(path === '/' && !readSessionHint());
  // The signed-in pages' code is fetched alongside the app rather than after it has rendered.
  if (signedIn) void import('./app/SignedInApp.tsx').catch(() => {});
  starting ??= import('./app/boot.tsx')
    .then((m) => m.mountApp(el, signedIn))
    .catch(() => {
      starting = null;
      const note = document.createElement('div');
      note.className = 'chunk-error';
      note.setAttribute('role', 'alert');
      const text = document.createElement('p');
      text.textContent = CHUNK_ERROR_TEXT;
      const retry = document.createElement('button');
      retry.type = 'button';
      retry.className = 'button';
      retry.textContent = 'Try again';
      retry.addEventListener('click', () => window.location.reload());
      note.append(text, retry);
      el.replaceChildren(note);
    });
  return starting;
}

/** A path as the routes read it: without a trailing slash. */
function normalPath(pathname: string): string {
  return pathname.replace(/(.)\/+$/, '$1');
}

if (normalPath(window.location.pathname) === '/' && readSessionHint() !== 'accepted') {
  const stop = renderLanding(root, (to) => {
    const url = new URL(to, window.location.href);
    if (url.pathname.startsWith('/api/')) {
      // Sign-in is a server path: a real page load.
      window.location.assign(url.href);
      return;
    }
    window.history.pushState(null, '', url.href);
    stop();
    void startApp(root);
  });
} else {
  void startApp(root);
}
