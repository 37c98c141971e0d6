import {
  CONFETTI_DEFAULT_PARTICLES,
  CONFETTI_SPREAD,
  SUBTASK_CELEBRATION_MS,
} from '@brainboard/domain';
import { confettiBurst } from '../ui/confetti.ts';

/** Frames at 60 fps for the 0.9 s subtask celebration. */
const SUBTASK_TICKS = Math.round((SUBTASK_CELEBRATION_MS / 1000) * 60);

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
    particleCount: CONFETTI_DEFAULT_PARTICLES,
    spread: CONFETTI_SPREAD,
    startVelocity: 25,
    ticks: SUBTASK_TICKS,
    origin,
    zIndex: 1000,
  });
}
