/**
 * The time a due date takes when the student gives a date without one (Settings, "Default due
 * time"): 11:59 PM unless they chose another. Apart from the parser so the profile's schema can
 * name it without loading the date words.
 */
export const DEFAULT_DUE_TIME = '23:59';

/** 'HH:MM' on a 24-hour clock. */
export const DUE_TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;
