import type { Auth } from 'firebase/auth';
import { loadOnce } from '../ui/loadOnce.ts';

/**
 * Firebase Auth, fetched as its own chunk: the board's first frame, drawn from this browser's
 * copy for a returning student, does not wait for it (docs/decisions/0026). Every caller shares
 * the one instance firebase.ts makes.
 */
export const loadAuth = (): Promise<Auth> => loadFirebase().then((m) => m.auth);

/** The module that initialises Firebase (firebase.ts), fetched once (and imported once). */
export const loadFirebase = loadOnce(() => import('./firebase.ts'));
