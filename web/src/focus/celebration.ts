export type SurpriseKind = 'bubbles' | 'pet';

/** One completed focus session's celebration. `streak` is null until the server answered. */
export interface Celebration {
  id: number;
  surprise: SurpriseKind;
  streak: number | null;
}

/** A bubble pop or a pixel pet, at random (docs/product.md, Behaviour). */
export function pickSurprise(random: () => number = Math.random): SurpriseKind {
  return random() < 0.5 ? 'bubbles' : 'pet';
}
