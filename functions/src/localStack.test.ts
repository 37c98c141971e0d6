import { describe, expect, it } from 'vitest';
import { readGoogleConfig } from './auth/config.ts';
import { declaredSecrets } from './config.ts';
import { fileStoreFromEnv } from './files/store.ts';
import { lmsFetchOptions } from './lms/schedule.ts';
import { readPushConfig } from './push/config.ts';

const VAPID = { VAPID_PUBLIC_KEY: 'public', VAPID_PRIVATE_KEY: 'private' };

/** One value for every switch of the local stack (docs/decisions/0021-floors-and-switches.md). */
const STAND_INS: Record<string, string> = {
  LMS_ALLOWED_BASE_URL: 'http://127.0.0.1:8092/',
  PUSH_STANDIN_URL: 'https://127.0.0.1:8091/',
  FILE_STORE_DIR: '/tmp/brainboard-files',
  FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
  FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
  FIREBASE_STORAGE_EMULATOR_HOST: '127.0.0.1:9199',
  CLOUD_TASKS_EMULATOR_HOST: '127.0.0.1:9499',
  GOOGLE_OAUTH_AUTH_URL: 'http://127.0.0.1:8090/o/oauth2/v2/auth',
  GOOGLE_OAUTH_TOKEN_URL: 'http://127.0.0.1:8090/token',
  GOOGLE_OAUTH_REVOKE_URL: 'http://127.0.0.1:8090/revoke',
  GOOGLE_CALENDAR_ROOT_URL: 'http://127.0.0.1:8090/',
};

/** Every reader of the server's configuration, each given `env`. */
const READERS: [string, (env: NodeJS.ProcessEnv) => unknown][] = [
  ['the push settings', (env) => readPushConfig({ ...VAPID, ...env })],
  ['the school feed fetch options', (env) => lmsFetchOptions(env)],
  ['the file store', (env) => fileStoreFromEnv(env)],
  ['the Google settings', (env) => readGoogleConfig(env)],
  ['the declared secrets (read when the functions load)', (env) => declaredSecrets(env)],
];

describe('the local stack switches outside the emulator', () => {
  for (const [name, value] of Object.entries(STAND_INS)) {
    for (const [what, read] of READERS) {
      it(`${what} refuse ${name} when FUNCTIONS_EMULATOR is not "true"`, () => {
        expect(() => read({ [name]: value })).toThrow(
          new RegExp(`${name} is set outside the emulator`),
        );
        expect(() => read({ [name]: value, FUNCTIONS_EMULATOR: 'false' })).toThrow(name);
      });
    }
  }

  it('are all taken in the emulator', () => {
    const env = { ...STAND_INS, FUNCTIONS_EMULATOR: 'true' };
    expect(readPushConfig({ ...VAPID, ...env })?.localEndpointBase).toBe('https://127.0.0.1:8091/');
    expect(lmsFetchOptions(env)).toEqual({ allowedBase: 'http://127.0.0.1:8092/' });
    const google = readGoogleConfig(env);
    expect(google.authEmulatorHost).toBe('127.0.0.1:9099');
    expect(google.calendarRootUrl).toBe('http://127.0.0.1:8090/');
    expect(google.tokenUrl).toBe('http://127.0.0.1:8090/token');
    expect(declaredSecrets(env)).toEqual([]);
  });

  it('leave production its own settings when none is set', () => {
    expect(readPushConfig(VAPID)?.localEndpointBase).toBeNull();
    expect(lmsFetchOptions({})).toEqual({});
    expect(readGoogleConfig({}).authEmulatorHost).toBeNull();
    expect(declaredSecrets({})).toContain('VAPID_PRIVATE_KEY');
  });
});
