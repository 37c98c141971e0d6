import { useEffect, useId, useRef } from 'react';

/**
 * The calm pause after "Mark as done" (docs/product.md, Screens): no timer runs until the
 * student chooses. Focus starts on the first choice, so Enter or Space takes the break.
 */
export function FocusPause({ onBreak, onNext }: { onBreak(): void; onNext(): void }) {
  const id = useId();
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    first.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div className="focus-state focus-pause" role="group" aria-labelledby={id}>
      <p id={id} className="focus-pause__text">
        Nice work. Take a break or start the next one
      </p>
      <div className="focus-state__actions">
        <button type="button" className="button" ref={first} onClick={onBreak}>
          Take a break
        </button>
        <button type="button" className="button button--quiet" onClick={onNext}>
          Start the next one
        </button>
      </div>
    </div>
  );
}
