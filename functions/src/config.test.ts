import { describe, expect, it } from 'vitest';
import { declaredSecrets } from './config.ts';

describe('declaredSecrets', () => {
  it('declares the OpenAI key, the OAuth client secret and the token key when deployed', () => {
    expect(declaredSecrets({})).toEqual([
      'OPENAI_API_KEY',
      'GOOGLE_OAUTH_CLIENT_SECRET',
      'TOKEN_ENCRYPTION_KEY',
    ]);
  });

  it('declares none in the Functions emulator, which gets them as plain variables', () => {
    expect(declaredSecrets({ FUNCTIONS_EMULATOR: 'true' })).toEqual([]);
  });
});
