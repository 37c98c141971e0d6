import { assignmentFromDoc } from '@brainboard/domain';
import { describe, expect, it } from 'vitest';
import { buildFeed } from './feed.ts';

/** An assignment as the API reads it from its stored document. */
const assignment = (fields: Record<string, unknown>) =>
  assignmentFromDoc('a1', {
    due_date: '2031-03-09T09:00:00',
    status: 'new',
    reminders: [0],
    updated_at: '2031-01-01T00:00:00.000Z',
    ...fields,
  });

describe('the calendar feed', () => {
  it('carries no control character but its line ends, whatever a stored title holds', () => {
    const ics = buildFeed(
      [
        assignment({
          title: 'Lab\u0000 report\u202E\u0007',
          description: 'Bring\u001B goggles\r\nand\ta pen\u2066',
        }),
      ],
      { defaults: null, zone: 'UTC' },
      'https://app.example',
      new Date('2031-01-01T00:00:00Z'),
    );
    const controls = [...ics.replace(/\r\n/g, '')].filter((ch) => /\p{Cc}/u.test(ch));
    expect(controls).toEqual([]);
    expect(ics).not.toMatch(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/);
    expect(ics).toContain('SUMMARY:Lab report\r\n');
    expect(ics.replace(/\r\n /g, '')).toContain(
      'DESCRIPTION:Bring goggles\\nand a pen\\n\\nOpen in Brainboard: ',
    );
  });
});
