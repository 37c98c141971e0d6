import { SUBTASK_CELEBRATION_MS } from '@brainboard/domain';
import { confettiBurst } from '../ui/confetti.ts';

/** The subtask celebration (80 particles, spread 70, 0.9 s) from a checkbox. */
export function subtaskConfetti(from: Element | null): void {
  const box = from?.getBoundingClientRect();
  const origin =
    box && window.innerWidth > 0 && window.innerHeight > 0
      ? {
          x: (box.left + box.width / 2) / window.innerWidth,
          y: (box.top + box.height / 2) / window.innerHeight,
        }
      : { x: 0.5, y: 0.5 };
  void confettiBurst({
    startVelocity: 25,
    durationMs: SUBTASK_CELEBRATION_MS,
    origin,
    zIndex: 1000,
  });
}
