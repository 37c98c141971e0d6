/** Subtask ids. */

/** "subtask-<timestamp>-<8 base-36 characters>". */
export function newSubtaskId(now: number = Date.now(), random: () => number = Math.random): string {
  const span = 36 ** 8;
  const r = (Math.floor(random() * span) % span).toString(36).padStart(8, '0');
  return `subtask-${now}-${r}`;
}

/** "suggested-<timestamp>-<index>" for an AI-suggested subtask. */
export function suggestedSubtaskId(index: number, now: number = Date.now()): string {
  return `suggested-${now}-${index}`;
}
