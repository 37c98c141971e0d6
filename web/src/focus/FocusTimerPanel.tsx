import { FOCUS_TIMER_RING_RADIUS, formatMmSs, timerStatusText } from '@brainboard/domain';
import type { FocusTimer } from './useFocusTimer.ts';

const CIRCUMFERENCE = 2 * Math.PI * FOCUS_TIMER_RING_RADIUS;

/**
 * The timer ring (radius 45), mm:ss, its status text and the controls (docs/product.md, Screens).
 */
export function FocusTimerPanel({ timer }: { timer: FocusTimer }) {
  const time = formatMmSs(timer.remaining);
  const statusText = timerStatusText(timer.status);
  const running = timer.status === 'running';
  return (
    <section className={`focus-timer focus-timer--${timer.status}`} aria-label="Focus timer">
      <div className="focus-ring">
        <svg viewBox="0 0 100 100" aria-hidden="true" focusable="false">
          <circle className="focus-ring__track" cx="50" cy="50" r={FOCUS_TIMER_RING_RADIUS} />
          <circle
            className="focus-ring__progress"
            cx="50"
            cy="50"
            r={FOCUS_TIMER_RING_RADIUS}
            strokeDasharray={CIRCUMFERENCE}
            strokeDashoffset={CIRCUMFERENCE * timer.fraction}
            data-testid="focus-ring-progress"
          />
        </svg>
        <div className="focus-ring__label">
          <span className="focus-ring__time" role="timer" aria-label={`${time} remaining`}>
            {time}
          </span>
          <span className="focus-ring__status" role="status">
            {statusText}
          </span>
        </div>
      </div>
      <div className="focus-timer__controls">
        <button
          type="button"
          className="button"
          onClick={running ? timer.pause : timer.resume}
          disabled={!running && timer.remaining <= 0}
        >
          {running ? 'Pause' : 'Resume'}
        </button>
        <button type="button" className="button button--quiet" onClick={timer.reset}>
          Reset
        </button>
      </div>
      <p className="focus-timer__keys">
        <kbd>Space</kbd> pause or resume · <kbd>R</kbd> reset
      </p>
    </section>
  );
}
