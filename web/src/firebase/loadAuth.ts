import type { Auth } from 'firebase/auth';
import { loadOnce } from '../ui/loadOnce.ts';

/**
 * Firebase Auth, fetched as its own chunk: the board's first frame, drawn from this browser's
 * copy for a returning student, does not wait for it (docs/decisions/0026). Every caller shares
 * the one instance firebase.ts makes.
 */
export const loadAuth = (): Promise<Auth> => loadFirebase().then((m) => m.auth);

/** Settles in a later task, after whatever the current one still has to do. */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The module that initialises Firebase (firebase.ts), fetched once (and imported once). It is
 * asked for in a task of its own: its first callers are the effects of the app's first commit
 * (the first API requests, AuthProvider), one of the load's longest tasks, and asking for it
 * adds the preload helper's links for Auth's files, 3 to 4 ms of that task (decision 0051).
 */
export const loadFirebase = loadOnce(() => nextTask().then(() => import('./firebase.ts')));
