import { readSessionHint } from '../data/storage.ts';
import { GOOGLE_SIGN_IN_PATH } from '../auth/googleSignIn.ts';
import { isPlainClick } from '../router/plainClick.ts';
import { getThemeSnapshot, subscribeTheme, toggleTheme } from '../theme/theme.ts';
import { ICON_PATHS } from '../ui/iconPaths.ts';
import { FEATURES, type Feature } from './features.ts';
import './landing.css';

/*
 * The landing page, drawn with the DOM alone. It is the first page most visitors see, often on
 * an old phone, so it loads no React: the entry (src/main.ts) draws it straight away and fetches
 * the app only when the visitor goes further. Inside the app (a visitor who comes back to "/"),
 * `LandingPage.tsx` draws this same page into its element.
 */

type Child = Node | string | null | false;

/** An element with its attributes and children: the one helper this page needs. */
function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  for (const child of children) if (child !== null && child !== false) el.append(child);
  return el;
}

const SVG = 'http://www.w3.org/2000/svg';

function svg(tag: string, attrs: Record<string, string>, ...children: Element[]): SVGElement {
  const el = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  el.append(...children);
  return el;
}

function logo(): SVGElement {
  const bar = (x: string, height: string) =>
    svg('rect', { x, y: '14', width: '11', height, rx: '3' });
  return svg(
    'svg',
    { class: 'landing__logo', viewBox: '0 0 64 64', 'aria-hidden': 'true', focusable: 'false' },
    svg('rect', { width: '64', height: '64', rx: '14', fill: 'var(--primary)' }),
    svg('g', { fill: 'var(--primary-fg)' }, bar('12', '36'), bar('27', '24'), bar('42', '30')),
  );
}

function lineIcon(paths: readonly string[], size: number): SVGElement {
  const s = String(size);
  return svg(
    'svg',
    {
      class: 'icon',
      width: s,
      height: s,
      viewBox: '0 0 24 24',
      fill: 'none',
      stroke: 'currentColor',
      'stroke-width': '2',
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
      'aria-hidden': 'true',
      focusable: 'false',
    },
    ...paths.map((d) => svg('path', { d })),
  );
}

/**
 * The header's theme toggle, as the app's ThemeToggle draws it: it names the theme it switches
 * to ("Dark Mode" while the light theme shows) and follows a change made anywhere.
 */
function themeToggle(): { button: HTMLButtonElement; stop: () => void } {
  const button = h('button', { type: 'button', class: 'button button--quiet' });
  const draw = () => {
    const next = getThemeSnapshot().theme === 'dark' ? 'light' : 'dark';
    button.title = `Switch to the ${next} theme`;
    button.replaceChildren(
      h(
        'span',
        { 'aria-hidden': 'true', class: 'theme-toggle__icon' },
        lineIcon(ICON_PATHS[next === 'dark' ? 'moon' : 'sun'], 18),
      ),
      ' ',
      h(
        'span',
        { class: 'dashboard__label' },
        `${next === 'dark' ? 'Dark' : 'Light'} `,
        h('span', { class: 'theme-toggle__mode' }, 'Mode'),
      ),
    );
  };
  draw();
  button.addEventListener('click', toggleTheme);
  return { button, stop: subscribeTheme(draw) };
}

/**
 * The full-size image viewer on the native <dialog>: modal (focus stays inside, Escape closes,
 * focus returns to the opener), closed by its button or a click on the backdrop.
 */
function imageViewer(): { dialog: HTMLDialogElement; show(feature: Feature): void } {
  const dialog = h('dialog', { class: 'viewer' });
  const close = () => {
    if (typeof dialog.close === 'function') dialog.close();
    else dialog.removeAttribute('open');
    dialog.replaceChildren();
  };
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault();
    close();
  });
  // The backdrop belongs to the dialog element itself.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) close();
  });
  const show = (feature: Feature) => {
    const closeButton = h('button', { type: 'button', class: 'button' }, 'Close');
    closeButton.addEventListener('click', close);
    dialog.setAttribute('aria-label', feature.title);
    dialog.replaceChildren(
      h(
        'figure',
        { class: 'viewer__figure' },
        h('img', { class: 'viewer__image', src: feature.image, alt: feature.alt }),
        h(
          'figcaption',
          { class: 'viewer__bar' },
          h('span', { class: 'viewer__caption' }, feature.title),
          closeButton,
        ),
      ),
    );
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
  };
  return { dialog, show };
}

/**
 * Draws the landing page into `root`: hero, four feature sections whose images open a full-size
 * viewer, a closing call to action and the legal links. Its "Get Started" goes to the dashboard
 * when a user was signed in here, otherwise to Google sign-in. Links inside the site call
 * `navigate` (the app's router, or the entry's loader of the app); a click with a modifier is
 * left to the browser. Returns what stops it following the theme; the page itself stays until
 * what replaces it is drawn (React replaces the root's content on its first render).
 */
export function renderLanding(root: HTMLElement, navigate: (to: string) => void): () => void {
  const start = readSessionHint() ? '/dashboard' : GOOGLE_SIGN_IN_PATH;
  const link = (to: string, text: string, className?: string) => {
    const a = h('a', { href: to, ...(className ? { class: className } : {}) }, text);
    a.addEventListener('click', (event) => {
      if (!isPlainClick(event)) return;
      event.preventDefault();
      navigate(to);
    });
    return a;
  };
  const toggle = themeToggle();
  const viewer = imageViewer();

  const features = FEATURES.map((feature, index) => {
    const open = h(
      'button',
      {
        type: 'button',
        class: 'feature__image',
        'aria-label': `View full size: ${feature.alt}`,
      },
      h('img', {
        src: feature.image,
        alt: feature.alt,
        width: '640',
        height: '400',
        loading: 'lazy',
        decoding: 'async',
      }),
      h(
        'span',
        { class: 'feature__zoom', 'aria-hidden': 'true' },
        h('span', { class: 'feature__zoom-icon' }, '⤢'),
        ' View full size',
      ),
    );
    open.addEventListener('click', () => viewer.show(feature));
    return h(
      'section',
      {
        class: `feature${index % 2 ? ' feature--flip' : ''}`,
        'aria-labelledby': `feature-${feature.id}`,
      },
      h(
        'div',
        { class: 'feature__text' },
        h('h2', { id: `feature-${feature.id}` }, feature.title),
        h('p', {}, feature.text),
      ),
      open,
    );
  });

  const page = h(
    'div',
    { class: 'landing' },
    h(
      'header',
      { class: 'landing__bar' },
      h('span', { class: 'landing__brand' }, logo(), 'Brainboard'),
      toggle.button,
    ),
    h(
      'main',
      { id: 'main', class: 'landing__main' },
      h(
        'section',
        { class: 'landing__hero', 'aria-labelledby': 'landing-title' },
        h('h1', { id: 'landing-title', class: 'landing__title' }, 'Brainboard'),
        h('p', { class: 'tagline landing__tagline' }, 'Every brain is welcome'),
        h(
          'p',
          { class: 'landing__lead' },
          'A calm home for your assignments: one simple board, a 25-minute focus timer, gentle deadline cues and AI help when you ask for it.',
        ),
        link(start, 'Get Started', 'button landing__start'),
      ),
      ...features,
      h(
        'section',
        { class: 'landing__closing', 'aria-labelledby': 'landing-closing' },
        h('h2', { id: 'landing-closing' }, 'Ready when you are'),
        h('p', {}, 'Sign in with Google and add your first assignment in under a minute.'),
        link(start, 'Get Started', 'button landing__start'),
      ),
    ),
    h(
      'footer',
      { class: 'landing__footer' },
      link('/privacy', 'Privacy Policy'),
      link('/tos', 'Terms of Service'),
    ),
    viewer.dialog,
  );
  root.replaceChildren(page);
  return toggle.stop;
}
