import { describeRepeat, skipLabel, type Assignment } from '@brainboard/domain';
import { skipTarget } from './skipTarget.ts';
import { useSkip } from './skipContext.ts';

/** The board's repeat mark: two arrows chasing each other. */
function RepeatIcon() {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable={false}
    >
      <path d="M17 2l4 4-4 4" />
      <path d="M3 11V9a3 3 0 0 1 3-3h15" />
      <path d="M7 22l-4-4 4-4" />
      <path d="M21 13v2a3 3 0 0 1-3 3H3" />
    </svg>
  );
}

/** On a card of a repeating assignment: the mark, the pattern in words, and "Skip to next …". */
export function RepeatBadge({ assignment: a, now }: { assignment: Assignment; now: Date }) {
  const skip = useSkip();
  if (!a.repeat) return null;
  const target = a.status !== 'done' ? skipTarget(a, now) : null;
  return (
    <span className="card__repeat">
      <RepeatIcon />
      <span>{describeRepeat(a.repeat.rrule)}</span>
      {skip && target && (
        <button
          type="button"
          className="button button--quiet card__skip"
          onClick={(e) => {
            e.stopPropagation();
            skip(a.id, target);
          }}
        >
          {skipLabel(a.repeat.rrule, target, now)}
        </button>
      )}
    </span>
  );
}
