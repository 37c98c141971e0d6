import {
  hasVisibleCharacter,
  NOTE_MAX_LENGTH,
  NOTE_WARN_THRESHOLD,
  type Note,
} from '@brainboard/domain';
import { useId, useState } from 'react';
import { CharCounter } from './CharCounter.tsx';
import { EditIcon, TrashIcon } from '../ui/icons.tsx';

export interface NoteHandlers {
  /** Adds trimmed, non-blank text; resolves true when it was added. */
  onAdd(text: string): Promise<boolean>;
  onEdit(id: string, text: string): Promise<boolean>;
  /** Asks for confirmation itself. */
  onRemove(id: string): void;
}

function NoteRow({ note, handlers }: { note: Note; handlers: NoteHandlers }) {
  const [editing, setEditing] = useState<string | null>(null);
  const id = useId();
  if (editing !== null) {
    const save = async () => {
      const text = editing.trim();
      if (!hasVisibleCharacter(text) || text === note.text) {
        setEditing(null);
        return;
      }
      if (await handlers.onEdit(note.id, text)) setEditing(null);
    };
    return (
      <li className="item item--editing item--note">
        <label className="visually-hidden" htmlFor={`${id}-edit`}>
          Edit note
        </label>
        <textarea
          id={`${id}-edit`}
          className="input"
          rows={3}
          value={editing}
          maxLength={NOTE_MAX_LENGTH}
          aria-describedby={`${id}-help`}
          onChange={(e) => setEditing(e.target.value)}
          autoFocus
        />
        <CharCounter
          id={`${id}-help`}
          length={editing.length}
          max={NOTE_MAX_LENGTH}
          warnAbove={NOTE_WARN_THRESHOLD}
          label="A note"
        />
        <div className="item__buttons">
          <button type="button" className="button" onClick={() => void save()}>
            Save note
          </button>
          <button type="button" className="button button--quiet" onClick={() => setEditing(null)}>
            Cancel
          </button>
        </div>
      </li>
    );
  }
  return (
    <li className="item item--note">
      <p className="item__text item__text--note">{note.text}</p>
      <button
        type="button"
        className="icon-button"
        aria-label="Edit note"
        title="Edit"
        onClick={() => setEditing(note.text)}
      >
        <EditIcon size={18} />
      </button>
      <button
        type="button"
        className="icon-button icon-button--danger"
        aria-label="Delete note"
        title="Delete"
        onClick={() => handlers.onRemove(note.id)}
      >
        <TrashIcon size={18} />
      </button>
    </li>
  );
}

/**
 * Notes (docs/product.md, Limits): at most 1000 characters, trimmed, blank ignored, counter red
 * above 500.
 */
export function NotesSection({
  notes,
  handlers,
}: {
  notes: readonly Note[];
  handlers: NoteHandlers;
}) {
  const [draft, setDraft] = useState('');
  const id = useId();
  const add = async () => {
    const text = draft.trim();
    if (!hasVisibleCharacter(text)) {
      setDraft('');
      return;
    }
    if (await handlers.onAdd(text)) setDraft('');
  };
  return (
    <div className="notes">
      <h4 className="field__label">Notes</h4>
      {notes.length > 0 && (
        <ul className="items" aria-label="Notes">
          {notes.map((n) => (
            <NoteRow key={n.id} note={n} handlers={handlers} />
          ))}
        </ul>
      )}
      <div className="field">
        <label className="visually-hidden" htmlFor={`${id}-new`}>
          New note
        </label>
        <textarea
          id={`${id}-new`}
          className="input"
          rows={3}
          placeholder="Write a note"
          value={draft}
          maxLength={NOTE_MAX_LENGTH}
          aria-describedby={`${id}-help`}
          onChange={(e) => setDraft(e.target.value)}
        />
        <div className="field__footer">
          <CharCounter
            id={`${id}-help`}
            length={draft.length}
            max={NOTE_MAX_LENGTH}
            warnAbove={NOTE_WARN_THRESHOLD}
            label="A note"
          />
          <button type="button" className="button button--quiet" onClick={() => void add()}>
            Add note
          </button>
        </div>
      </div>
    </div>
  );
}
