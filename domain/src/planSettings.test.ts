import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_SETTINGS } from './planSettings.ts';
import { planSettingsOf } from './planSettingsSchema.ts';
import { formatValidationError, userPatchSchema } from './schemas.ts';

const week = (day: [string, string][]) => ({
  mon: day,
  tue: day,
  wed: day,
  thu: day,
  fri: day,
  sat: [],
  sun: [],
});

const error = (body: unknown) => {
  const r = userPatchSchema.safeParse(body);
  return r.success ? null : formatValidationError(r.error);
};

describe('plan settings', () => {
  it('a profile without them plans with the defaults: 4 PM to 9 PM on weekdays, 10 AM to 6 PM at weekends', () => {
    const s = planSettingsOf({});
    expect(s).toEqual(DEFAULT_PLAN_SETTINGS);
    expect(s.study_hours.mon).toEqual([['16:00', '21:00']]);
    expect(s.study_hours.sat).toEqual([['10:00', '18:00']]);
    expect(s).toMatchObject({
      daily_limit_minutes: 180,
      session_minutes: 45,
      buffer_hours: 12,
      default_estimate_minutes: 60,
    });
  });

  it('stored fields win; a malformed one takes its default', () => {
    const s = planSettingsOf({
      session_minutes: 30,
      buffer_hours: 'soon',
      study_hours: week([['08:00', '24:00']]),
    });
    expect(s.session_minutes).toBe(30);
    expect(s.buffer_hours).toBe(12);
    expect(s.study_hours.mon).toEqual([['08:00', '24:00']]);
  });

  it('PATCH /api/user takes them and refuses each broken value with a sentence', () => {
    expect(error({ study_hours: week([['16:00', '21:00']]), daily_limit_minutes: 120 })).toBeNull();
    expect(error({ session_minutes: 20 })).toBe(
      'session_minutes must be a whole number from 25 to 90.',
    );
    expect(error({ session_minutes: 91 })).toBe(
      'session_minutes must be a whole number from 25 to 90.',
    );
    expect(error({ daily_limit_minutes: 1000 })).toBe(
      'daily_limit_minutes must be a whole number from 25 to 720.',
    );
    expect(error({ buffer_hours: -1 })).toBe('buffer_hours must be a whole number from 0 to 72.');
    expect(error({ default_estimate_minutes: 1.5 })).toBe(
      'default_estimate_minutes must be a whole number from 5 to 600.',
    );
    expect(error({ study_hours: week([['21:00', '16:00']]) })).toBe(
      'Each time range in study_hours.mon must end after it starts.',
    );
    expect(
      error({
        study_hours: week([
          ['16:00', '19:00'],
          ['18:00', '21:00'],
        ]),
      }),
    ).toBe('The time ranges in study_hours.mon must not overlap.');
    expect(error({ study_hours: week([['4 PM', '21:00']]) })).toBe(
      'study_hours times must be written as HH:MM, from 00:00 to 24:00.',
    );
    expect(error({ study_hours: { mon: [] } })).toMatch(/study_hours/);
    expect(
      error({
        study_hours: week(
          Array.from({ length: 5 }, (_, i): [string, string] => [`0${i}:00`, `0${i}:30`]),
        ),
      }),
    ).toBe('study_hours.mon may have at most 4 time ranges.');
  });
});
