import { initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth } from 'firebase/auth';
import { config } from '../config.ts';

/**
 * The one module that initialises Firebase. It runs once, when first
 * imported; emulators are connected here and nowhere else. Landing, login and
 * legal pages never import it, so they load no Firebase code.
 */
export const firebaseApp = initializeApp(config.firebase);

export const auth = getAuth(firebaseApp);
if (config.useEmulators) {
  connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
}
