/**
 * Ids that reach Firestore paths and map keys: letters, digits, "-" and "_", at most 128
 * characters, and never a name that objects already carry (`__proto__`, `constructor`,
 * `toString`, ...), so a map keyed by an id cannot reach an object's prototype.
 */
export const SAFE_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

const PROTOTYPE_NAMES: ReadonlySet<string> = new Set([
  '__proto__',
  'prototype',
  ...Object.getOwnPropertyNames(Object.prototype),
  ...Object.getOwnPropertyNames(Function.prototype),
]);

/** True for names such as `__proto__`, `constructor`, `toString` and `valueOf`. */
export function isPrototypeName(value: string): boolean {
  return PROTOTYPE_NAMES.has(value);
}

/** True when `value` is an id that is safe as a document id and a map key. */
export function isSafeId(value: unknown): value is string {
  return typeof value === 'string' && SAFE_ID_PATTERN.test(value) && !isPrototypeName(value);
}
