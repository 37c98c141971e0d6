import type { Assignment } from '@brainboard/domain';
import { lazy, Suspense, useId, useState } from 'react';
import { isApiError } from '../data/api/client.ts';
import { createAssignment, newClientId } from '../data/assignmentsApi.ts';
import { api } from '../data/api.ts';
import { dueLine } from './dueLine.ts';
import { useQuickAddParser } from './useQuickAddParser.ts';
import './capture.css';

const BrainDumpDialog = lazy(() => import('./BrainDumpDialog.tsx'));

interface QuickAddFieldProps {
  onAdded(item: Assignment): void;
  trackWrite: <T>(write: Promise<T>) => Promise<T>;
  /** Where it sits: the board's top (laptops) or the Add Assignment dialog. */
  place: 'board' | 'dialog';
  /** After adding from the dialog (one task, or several from "Add several"), the dialog closes. */
  onDone?: () => void;
  /** "More details": the full form, with the title and due date read so far filled in. */
  onMoreDetails(draft: QuickAddDraft): void;
}

/** What quick add has read, for the full form. */
export interface QuickAddDraft {
  title: string;
  /** 'YYYY-MM-DDTHH:MM:00', or '' for none. */
  due_date: string;
}

/**
 * Quick add (docs/product.md, Quick add): a task in plain words ("history essay fri 5pm"), read
 * in the browser as it is typed (no network, no AI), with a line saying how it is understood.
 * Enter adds it; "Add several" opens the brain dump.
 */
export default function QuickAddField({
  onAdded,
  trackWrite,
  place,
  onDone,
  onMoreDetails,
}: QuickAddFieldProps) {
  const id = useId();
  const [opened, setOpened] = useState(false);
  const parser = useQuickAddParser(opened);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dump, setDump] = useState(false);
  const read = parser?.read(text) ?? null;

  async function add() {
    if (!read || busy) return;
    setBusy(true);
    setError(null);
    try {
      const item = await trackWrite(
        createAssignment(api, {
          id: newClientId('assignment'),
          title: read.title.slice(0, 125),
          due_date: read.due_date ?? '',
          status: 'new',
        }),
      );
      onAdded(item);
      setText('');
      onDone?.();
    } catch (err) {
      setError(
        isApiError(err) ? err.message : 'The assignment could not be added. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={`quick-add quick-add--${place}`}>
      <label className="quick-add__label" htmlFor={`${id}-text`}>
        Quick add
      </label>
      <div className="quick-add__row">
        <input
          id={`${id}-text`}
          className="text-field quick-add__input"
          type="text"
          autoComplete="off"
          maxLength={500}
          placeholder="history essay fri 5pm"
          value={text}
          aria-describedby={`${id}-line`}
          onFocus={() => setOpened(true)}
          onChange={(e) => {
            setOpened(true);
            setText(e.target.value);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void add();
            }
          }}
        />
        <button type="button" className="button button--quiet" onClick={() => setDump(true)}>
          Add several
        </button>
      </div>
      <div className="quick-add__under">
        <p id={`${id}-line`} className="quick-add__line" aria-live="polite">
          {read ? (
            <>
              <strong>{read.title}</strong> · {dueLine(read.due_date, new Date())}
            </>
          ) : (
            'Type a task and when it is due, then press Enter.'
          )}
        </p>
        {read && (
          <button
            type="button"
            className="button button--quiet"
            onClick={() => {
              onMoreDetails({ title: read.title.slice(0, 125), due_date: read.due_date ?? '' });
              setText('');
            }}
          >
            More details
          </button>
        )}
      </div>
      {error && (
        <p role="alert" className="quick-add__error">
          {error}
        </p>
      )}
      {dump && (
        <Suspense fallback={null}>
          <BrainDumpDialog
            onClose={() => setDump(false)}
            onAdded={onAdded}
            onAddedAll={() => {
              setDump(false);
              onDone?.();
            }}
            trackWrite={trackWrite}
          />
        </Suspense>
      )}
    </div>
  );
}
