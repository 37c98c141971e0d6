import { DUE_TIME_RE, isTimeZone } from '@brainboard/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { profileRef } from '../profile/profile.ts';

/** What reading a student's words needs from their profile. */
export interface StudentReading {
  /** Their IANA zone (UTC when the profile has none). */
  zone: string;
  /** 'HH:MM' for a date without a time, or undefined for the default (23:59). */
  defaultTime: string | undefined;
  /** True when the student turned on AI Help. */
  aiHelp: boolean;
}

/** Reads the student's zone, default due time and AI opt-in from their profile. */
export async function readStudent(db: Firestore, uid: string): Promise<StudentReading> {
  const snap = await profileRef(db, uid).get();
  const zone: unknown = snap.get('time_zone');
  const time: unknown = snap.get('default_due_time');
  return {
    zone: typeof zone === 'string' && isTimeZone(zone) ? zone : 'UTC',
    defaultTime: typeof time === 'string' && DUE_TIME_RE.test(time) ? time : undefined,
    aiHelp: snap.get('ai_help_enabled') === true,
  };
}
