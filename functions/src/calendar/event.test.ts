import { describe, expect, it } from 'vitest';
import { addMinutes, eventFor, NO_DUE_DATE } from './event.ts';

const base = { id: 'a1', title: 'Essay', description: 'Five pages.', due_date: '' };

describe('the calendar event of an assignment', () => {
  it('is timed at the due date and time in the given zone, an hour long, with a link back', () => {
    const event = eventFor(
      { ...base, due_date: '2030-05-06T23:30:00' },
      'Europe/Berlin',
      'https://app.example',
    );
    expect(event.start).toEqual({ dateTime: '2030-05-06T23:30:00', timeZone: 'Europe/Berlin' });
    expect(event.end).toEqual({ dateTime: '2030-05-07T00:30:00', timeZone: 'Europe/Berlin' });
    expect(event).not.toHaveProperty('start.date');
    expect(event.summary).toBe('Essay');
    expect(event.description).toBe(
      'Five pages.\n\nOpen in Brainboard: https://app.example/dashboard?assignment=a1',
    );
    expect(event.source.url).toBe('https://app.example/dashboard?assignment=a1');
  });

  it('gives a legacy date-only due date the default time 08:00', () => {
    const event = eventFor({ ...base, due_date: '2030-01-02' }, 'UTC', 'http://x');
    expect(event.start.dateTime).toBe('2030-01-02T08:00:00');
  });

  it('carries the reminder times as popup reminders', () => {
    const event = eventFor(
      { ...base, due_date: '2030-01-02T09:00:00' },
      'UTC',
      'http://x',
      [1440, 60, 0],
    );
    expect(event.reminders).toEqual({
      useDefault: false,
      overrides: [
        { method: 'popup', minutes: 1440 },
        { method: 'popup', minutes: 60 },
        { method: 'popup', minutes: 0 },
      ],
    });
  });

  it('carries no control or bidi character in its title or description', () => {
    const event = eventFor(
      {
        ...base,
        title: 'Lab\u0000 report\u202E',
        description: 'Bring\u0007 goggles\r\nand\ta pen\u2067',
        due_date: '2030-01-02T09:00:00',
      },
      'UTC',
      'http://x',
    );
    expect(event.summary).toBe('Lab report');
    expect(event.description).toBe(
      'Bring goggles\nand a pen\n\nOpen in Brainboard: http://x/dashboard?assignment=a1',
    );
  });

  it('refuses an assignment without a due date', () => {
    expect(() => eventFor(base, 'UTC', 'http://x')).toThrow(NO_DUE_DATE);
  });

  it('adds minutes across month and year ends', () => {
    expect(addMinutes('2030-12-31T23:30:00', 60)).toBe('2031-01-01T00:30:00');
    expect(addMinutes('2032-02-28T23:00:00', 60)).toBe('2032-02-29T00:00:00');
  });
});
