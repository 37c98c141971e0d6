import { describe, expect, it } from 'vitest';
import { declaredSecrets } from './config.ts';

describe('declaredSecrets', () => {
  it('declares the OpenAI key, the OAuth client secret, the token key and the VAPID key when deployed', () => {
    expect(declaredSecrets({})).toEqual([
      'OPENAI_API_KEY',
      'GOOGLE_OAUTH_CLIENT_SECRET',
      'TOKEN_ENCRYPTION_KEY',
      'VAPID_PRIVATE_KEY',
    ]);
  });

  it('declares none in the Functions emulator, which gets them as plain variables', () => {
    expect(declaredSecrets({ FUNCTIONS_EMULATOR: 'true' })).toEqual([]);
  });
});
