import { beforeEach, describe, expect, it } from 'vitest';
import { emulatorChooserUrl, takeEmulatorChoice } from './emulatorChooser.ts';

const KEY = 'firebase:redirectEvent:demo-key:brainboard-signin';
const claims = JSON.stringify({ sub: '123', email: 'kim@example.com', name: 'Kim' });

describe('the Auth emulator account chooser (local stack)', () => {
  beforeEach(() => sessionStorage.clear());

  it('is opened through the API with the Google provider and the calendar scope', () => {
    const url = new URL(
      emulatorChooserUrl({
        apiKey: 'demo-key',
        returnUrl: 'http://localhost:5173/auth/google',
        scopes: ['https://www.googleapis.com/auth/calendar.events'],
      }),
      'http://localhost:5173',
    );
    expect(url.pathname).toBe('/api/auth/google/emulator');
    expect(url.searchParams.get('providerId')).toBe('google.com');
    expect(url.searchParams.get('authType')).toBe('signInViaRedirect');
    expect(url.searchParams.get('redirectUrl')).toBe('http://localhost:5173/auth/google');
    expect(url.searchParams.get('scopes')).toBe(
      'profile,https://www.googleapis.com/auth/calendar.events',
    );
  });

  it('hands over the chosen account once', () => {
    const urlResponse = `http://localhost:5173/api/auth/google/emulator?providerId=google.com&id_token=${encodeURIComponent(claims)}`;
    sessionStorage.setItem(KEY, JSON.stringify({ type: 'signInViaRedirect', urlResponse }));
    expect(takeEmulatorChoice(sessionStorage, 'demo-key')).toBe(claims);
    expect(takeEmulatorChoice(sessionStorage, 'demo-key')).toBeNull();
  });

  it('has nothing when no account was chosen, and reports a chooser error', () => {
    expect(takeEmulatorChoice(sessionStorage, 'demo-key')).toBeNull();
    sessionStorage.setItem(KEY, JSON.stringify({ error: { code: 'auth/internal-error' } }));
    expect(() => takeEmulatorChoice(sessionStorage, 'demo-key')).toThrow('chooser failed');
  });
});
