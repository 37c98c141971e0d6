/**
 * Ids that reach Firestore paths and map keys are never a name that objects already carry
 * (`__proto__`, `constructor`, `toString`, ...), so a map keyed by an id cannot reach an
 * object's prototype.
 */
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
