/** Reloads the page; an object so tests can watch it (jsdom cannot reload). */
export const pageReload = { run: (): void => window.location.reload() };
