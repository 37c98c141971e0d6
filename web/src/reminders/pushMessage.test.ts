import { describe, expect, it } from 'vitest';
import { parseReminder } from './pushMessage.ts';
import { deviceName } from './pushSupport.ts';

const message = {
  title: 'Essay · due in 1 hour (5:00 PM)',
  body: 'Tap Start focus to begin, or snooze for 10 minutes.',
  tag: 'reminder-a1',
  assignment_id: 'a1',
  url: '/dashboard?focus=a1',
  action_url: '/api/reminders/action',
  tokens: { snooze: 's', done: 'd', focus: 'f' },
};

describe('a pushed reminder', () => {
  it('is read with its tokens', () => {
    expect(parseReminder(JSON.stringify(message))).toEqual(message);
  });

  it('opens only paths of this site and posts only to its API', () => {
    expect(parseReminder(JSON.stringify({ ...message, url: 'https://evil.example/' }))).toBeNull();
    expect(parseReminder(JSON.stringify({ ...message, url: '//evil.example/' }))).toBeNull();
    expect(
      parseReminder(JSON.stringify({ ...message, action_url: 'https://evil.example/' }))
        ?.action_url,
    ).toBe('/api/reminders/action');
  });

  it('is null for anything else', () => {
    expect(parseReminder('not json')).toBeNull();
    expect(parseReminder('null')).toBeNull();
    expect(parseReminder(JSON.stringify({ body: 'no title' }))).toBeNull();
  });
});

describe('the device name', () => {
  it('names the browser and the system', () => {
    expect(
      deviceName(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome on Android');
    expect(
      deviceName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iPhone');
  });
});
