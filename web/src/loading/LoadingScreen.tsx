import { LOADING_BUBBLE_COUNT, LOADING_POP_VIBRATION_MS } from '@brainboard/domain';
import { useEffect, useRef, useState } from 'react';
import { vibrateFor } from '../feedback/haptics.ts';
import { playSound } from '../feedback/sound.ts';
import './loading.css';

/** The game is over and the data is still on its way. */
const ALL_POPPED = 'All popped! Almost there…';

export interface LoadingScreenProps {
  /** The data is there: finish at once (a student is never kept waiting by a game). */
  done: boolean;
  /** Called once, when all bubbles are popped or when `done` turns true. */
  onFinished(): void;
}

/**
 * The loading screen: "Loading your dashboard" and 10 bubbles to tap while
 * the assignments load. Each pop plays a sound and a 10 ms vibration.
 */
export function LoadingScreen({ done, onFinished }: LoadingScreenProps) {
  const [popped, setPopped] = useState<boolean[]>(() =>
    Array.from({ length: LOADING_BUBBLE_COUNT }, () => false),
  );
  const finished = useRef(false);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const onFinishedRef = useRef(onFinished);
  useEffect(() => {
    onFinishedRef.current = onFinished;
  });

  const poppedCount = popped.filter(Boolean).length;
  const allPopped = poppedCount === LOADING_BUBBLE_COUNT;

  useEffect(() => {
    if ((done || allPopped) && !finished.current) {
      finished.current = true;
      onFinishedRef.current();
    }
  }, [done, allPopped]);

  // A popped bubble leaves: keep keyboard focus on the next one instead of losing it.
  useEffect(() => {
    if (focusIndex !== null) buttons.current[focusIndex]?.focus();
  }, [focusIndex]);

  function pop(index: number, hadFocus: boolean) {
    if (popped[index]) return;
    playSound('pop');
    vibrateFor(LOADING_POP_VIBRATION_MS);
    const next = popped.map((value, i) => (i === index ? true : value));
    setPopped(next);
    if (hadFocus) {
      const after = next.findIndex((value, i) => !value && i > index);
      const target = after >= 0 ? after : next.findIndex((value) => !value);
      setFocusIndex(target >= 0 ? target : null);
    }
  }

  return (
    <section className="loading" aria-labelledby="loading-title">
      <p id="loading-title" role="status" className="loading__title">
        Loading your dashboard
      </p>
      <p className="loading__hint" aria-live="polite">
        {allPopped
          ? ALL_POPPED
          : poppedCount === 0
            ? 'Pop the bubbles while you wait.'
            : `${poppedCount} of ${LOADING_BUBBLE_COUNT} popped`}
      </p>
      {allPopped && (
        <div className="loading__progress" role="progressbar" aria-label="Loading your dashboard">
          <span className="loading__progress-bar" />
        </div>
      )}
      <ul className="loading__bubbles" hidden={allPopped}>
        {popped.map((isPopped, index) => (
          <li key={index} className="loading__slot">
            {isPopped ? (
              <span className="loading__popped" aria-hidden="true" />
            ) : (
              <button
                type="button"
                className="loading__bubble"
                style={{ animationDelay: `${(index % 5) * -0.6}s` }}
                aria-label={`Pop bubble ${index + 1} of ${LOADING_BUBBLE_COUNT}`}
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                onClick={(event) => pop(index, document.activeElement === event.currentTarget)}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
