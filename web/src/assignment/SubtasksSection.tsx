import { useTitleDraft } from '../ui/useTitleDraft.ts';
import {
  ESTIMATE_MAX_MINUTES,
  ESTIMATE_MIN_MINUTES,
  hasVisibleCharacter,
  SUBTASK_MAX_LENGTH,
  parseEstimate,
  type Subtask,
} from '@brainboard/domain';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { EditIcon, TrashIcon } from '../ui/icons.tsx';
import { CharCounter } from './CharCounter.tsx';

export interface SubtaskHandlers {
  /** Adds a trimmed, non-blank title; resolves true when it was added. */
  onAdd(title: string): Promise<boolean>;
  onToggle(id: string, completed: boolean): void;
  onRename(id: string, title: string): Promise<boolean>;
  /** Asks for confirmation itself. */
  onRemove(id: string): void;
  /** Whole minutes from 1 to 600, or null to clear; resolves true when saved. */
  onEstimate(id: string, minutes: number | null): Promise<boolean>;
}

/** A subtask's estimate in minutes, saved when the field is left or Enter is pressed. */
function EstimateInput({ subtask, handlers }: { subtask: Subtask; handlers: SubtaskHandlers }) {
  const stored = subtask.estimate_minutes ?? null;
  const [text, setText] = useState<string | null>(null);
  const id = useId();
  const value = text ?? (stored === null ? '' : String(stored));
  const invalid = text !== null && parseEstimate(text) === undefined;
  const save = async () => {
    if (text === null) return;
    const minutes = parseEstimate(text);
    if (minutes === undefined) return;
    if (minutes === stored || (await handlers.onEstimate(subtask.id, minutes))) setText(null);
  };
  return (
    <span className="item__estimate">
      <label className="visually-hidden" htmlFor={id}>
        Minutes for {subtask.title}
      </label>
      <input
        id={id}
        className="input item__estimate-input"
        inputMode="numeric"
        placeholder="min"
        value={value}
        aria-invalid={invalid || undefined}
        title={`Your guess in minutes (${ESTIMATE_MIN_MINUTES} to ${ESTIMATE_MAX_MINUTES})`}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => void save()}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void save();
          }
        }}
      />
      <span aria-hidden="true">min</span>
    </span>
  );
}

function SubtaskRow({ subtask, handlers }: { subtask: Subtask; handlers: SubtaskHandlers }) {
  const [editing, setEditing] = useState<string | null>(null);
  const id = useId();
  const save = async () => {
    const title = (editing ?? '').trim();
    if (!hasVisibleCharacter(title) || title === subtask.title) {
      setEditing(null);
      return;
    }
    if (await handlers.onRename(subtask.id, title)) setEditing(null);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void save();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setEditing(null);
    }
  };
  if (editing !== null) {
    return (
      <li className="item item--editing">
        <label className="visually-hidden" htmlFor={`${id}-edit`}>
          Edit subtask
        </label>
        <input
          id={`${id}-edit`}
          className="input"
          value={editing}
          maxLength={SUBTASK_MAX_LENGTH}
          onChange={(e) => setEditing(e.target.value)}
          onKeyDown={onKey}
          autoFocus
        />
        <button type="button" className="button" onClick={() => void save()}>
          Save
        </button>
        <button type="button" className="button button--quiet" onClick={() => setEditing(null)}>
          Cancel
        </button>
      </li>
    );
  }
  // The title has the row's whole width; the minutes and the two buttons sit beside it when
  // the list is wide enough, else on one short line under it (editor.css).
  return (
    <li className="item item--step">
      <label className="check item__check">
        <input
          type="checkbox"
          checked={subtask.completed}
          onChange={(e) => handlers.onToggle(subtask.id, e.target.checked)}
        />
        <span
          className={subtask.completed ? 'item__text item__text--done' : 'item__text'}
          dir="auto"
        >
          {subtask.title}
        </span>
      </label>
      <div className="item__tools">
        <EstimateInput subtask={subtask} handlers={handlers} />
        <button
          type="button"
          className="icon-button"
          aria-label={`Edit subtask ${subtask.title}`}
          title="Edit"
          onClick={() => setEditing(subtask.title)}
        >
          <EditIcon size={18} />
        </button>
        <button
          type="button"
          className="icon-button icon-button--danger"
          aria-label={`Delete subtask ${subtask.title}`}
          title="Delete"
          onClick={() => handlers.onRemove(subtask.id)}
        >
          <TrashIcon size={18} />
        </button>
      </div>
    </li>
  );
}

/** The Subtasks section: add, tick, rename and remove (docs/product.md, Screens and Limits). */
export function SubtasksSection({
  subtasks,
  handlers,
  suggest,
  time,
}: {
  subtasks: readonly Subtask[];
  handlers: SubtaskHandlers;
  /** The AI suggestion button. */
  suggest?: ReactNode;
  /** The time summary under the list. */
  time?: ReactNode;
}) {
  const { draft, setDraft, add } = useTitleDraft(handlers.onAdd);
  const id = useId();
  return (
    <div className="subtasks">
      {subtasks.length > 0 ? (
        <ul className="items" aria-label="Subtasks">
          {subtasks.map((s) => (
            <SubtaskRow key={s.id} subtask={s} handlers={handlers} />
          ))}
        </ul>
      ) : (
        <p className="muted">No subtasks yet.</p>
      )}
      {time}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-new`}>
          New subtask
        </label>
        <div className="add-row">
          <input
            id={`${id}-new`}
            className="input"
            value={draft}
            maxLength={SUBTASK_MAX_LENGTH}
            aria-describedby={`${id}-help`}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void add();
              }
            }}
          />
          <button type="button" className="button button--quiet" onClick={() => void add()}>
            Add subtask
          </button>
        </div>
        <CharCounter
          id={`${id}-help`}
          length={draft.length}
          max={SUBTASK_MAX_LENGTH}
          label="A subtask"
        />
      </div>
      {suggest}
    </div>
  );
}
