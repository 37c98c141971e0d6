import {
  ESTIMATE_MAX_MINUTES,
  ESTIMATE_MIN_MINUTES,
  hasVisibleCharacter,
  parseEstimate,
  SUBTASK_MAX_LENGTH,
} from '@brainboard/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { Modal } from '../ui/Modal.tsx';
import { SUGGEST_MODAL_MIN_HEIGHT_PX, SUGGEST_MODAL_MIN_WIDTH_PX } from '../ui/modalSizes.ts';
import './ai.css';

import type { Suggestion } from './text.ts';

export interface SuggestionsReviewModalProps {
  open: boolean;
  suggestions: Suggestion[];
  /** Reject (or closing the dialog): nothing is added. */
  onReject(): void;
  /** "Approve & Add to Assignment": the non-blank titles, in the order shown. */
  /** The kept suggestions, in order, with their `suggested-<timestamp>-<index>` ids. */
  onApprove(subtasks: { id: string; title: string; estimate_minutes?: number }[]): void;
}

type FocusTarget = { id: string; action: 'up' | 'down' | 'edit' | 'delete' } | 'list' | null;

/**
 * The suggested subtasks review modal: at least 500x400, move up, move
 * down, edit and delete per suggestion, Reject and "Approve & Add to
 * Assignment". Focus stays on the control that was used as items move.
 */
export function SuggestionsReviewModal({
  open,
  suggestions,
  onReject,
  onApprove,
}: SuggestionsReviewModalProps) {
  const id = useId();
  const [items, setItems] = useState<Suggestion[]>(suggestions);
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [announcement, setAnnouncement] = useState('');
  // Estimates as typed, by suggestion id; a suggestion without an entry keeps the AI's.
  const [estimates, setEstimates] = useState<Record<string, string>>({});
  const estimateText = (s: Suggestion) =>
    estimates[s.id] ?? (s.estimate_minutes === undefined ? '' : String(s.estimate_minutes));
  // Render it when suggestions arrive: each mount reviews one set.
  /** Where focus goes after the change being rendered. */
  const focusTarget = useRef<FocusTarget>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const target = focusTarget.current;
    focusTarget.current = null;
    if (!target) return;
    if (target === 'list') {
      listRef.current?.focus();
      return;
    }
    const wanted = buttons.current.get(`${target.id}:${target.action}`);
    // A move to the first or last place disables that button: use its neighbour.
    const fallback = buttons.current.get(`${target.id}:${target.action === 'up' ? 'down' : 'up'}`);
    (wanted && !wanted.disabled ? wanted : fallback)?.focus();
  }, [items, editing]);

  const setFocus = (target: FocusTarget) => {
    focusTarget.current = target;
  };

  const ref = (itemId: string, action: string) => (el: HTMLButtonElement | null) => {
    buttons.current.set(`${itemId}:${action}`, el);
  };

  function move(index: number, by: -1 | 1) {
    const to = index + by;
    if (to < 0 || to >= items.length) return;
    const next = [...items];
    const [item] = next.splice(index, 1);
    next.splice(to, 0, item!);
    setItems(next);
    setAnnouncement(`Moved "${item!.title}" to position ${to + 1} of ${next.length}.`);
    setFocus({ id: item!.id, action: by < 0 ? 'up' : 'down' });
  }

  function remove(index: number) {
    const item = items[index]!;
    const next = items.filter((_, i) => i !== index);
    setItems(next);
    setAnnouncement(`Removed "${item.title}".`);
    const neighbour = next[index] ?? next[index - 1];
    setFocus(neighbour ? { id: neighbour.id, action: 'delete' } : 'list');
  }

  function startEdit(item: Suggestion) {
    setEditing(item.id);
    setDraft(item.title);
  }

  function saveEdit(itemId: string) {
    setItems(items.map((s) => (s.id === itemId ? { ...s, title: draft.trim() } : s)));
    setEditing(null);
    setFocus({ id: itemId, action: 'edit' });
  }

  function cancelEdit(itemId: string) {
    setEditing(null);
    setFocus({ id: itemId, action: 'edit' });
  }

  // An edit in progress counts as typed.
  const approved = items
    .map((s) => {
      const title = (s.id === editing ? draft : s.title).trim();
      const minutes = parseEstimate(estimateText(s));
      return typeof minutes === 'number'
        ? { id: s.id, title, estimate_minutes: minutes }
        : { id: s.id, title };
    })
    .filter((s) => hasVisibleCharacter(s.title));

  return (
    <Modal
      open={open}
      // Escape while editing a title cancels that edit, not the review.
      onClose={() => (editing ? cancelEdit(editing) : onReject())}
      title="Suggested subtasks"
      description="Reorder, edit or delete the suggestions, then add them to the assignment."
      resizable
      minWidth={SUGGEST_MODAL_MIN_WIDTH_PX}
      minHeight={SUGGEST_MODAL_MIN_HEIGHT_PX}
      className="ai-suggest"
    >
      <div className="ai-suggest__body">
        <ol
          ref={listRef}
          className="ai-suggest__list"
          aria-label="Suggested subtasks"
          tabIndex={-1}
        >
          {items.map((item, index) => (
            <li key={item.id} className="ai-suggest__item" data-id={item.id}>
              {editing === item.id ? (
                <div className="ai-suggest__edit">
                  <label className="visually-hidden" htmlFor={`${id}-${item.id}`}>
                    Subtask {index + 1}
                  </label>
                  <input
                    id={`${id}-${item.id}`}
                    className="ai-input"
                    value={draft}
                    maxLength={SUBTASK_MAX_LENGTH}
                    autoFocus
                    onChange={(e) => setDraft(e.target.value)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') {
                        e.preventDefault();
                        saveEdit(item.id);
                      }
                    }}
                  />
                  <button type="button" className="button" onClick={() => saveEdit(item.id)}>
                    Save
                  </button>
                  <button
                    type="button"
                    className="button button--quiet"
                    onClick={() => cancelEdit(item.id)}
                  >
                    Cancel
                  </button>
                </div>
              ) : (
                <>
                  <span className="ai-suggest__title">
                    {item.title || <em className="ai-muted">(empty, will be skipped)</em>}
                  </span>
                  <span className="ai-suggest__estimate">
                    <label className="visually-hidden" htmlFor={`${id}-${item.id}-min`}>
                      Minutes for {item.title}
                    </label>
                    <input
                      id={`${id}-${item.id}-min`}
                      className="ai-input ai-suggest__minutes"
                      inputMode="numeric"
                      placeholder="min"
                      title={`Minutes (${ESTIMATE_MIN_MINUTES} to ${ESTIMATE_MAX_MINUTES}), or empty`}
                      value={estimateText(item)}
                      aria-invalid={parseEstimate(estimateText(item)) === undefined || undefined}
                      onChange={(e) => setEstimates((m) => ({ ...m, [item.id]: e.target.value }))}
                    />
                    <span aria-hidden="true">min</span>
                  </span>
                  <span className="ai-suggest__tools">
                    <button
                      ref={ref(item.id, 'up')}
                      type="button"
                      className="ai-icon-button"
                      aria-label={`Move up: ${item.title}`}
                      title="Move up"
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <span aria-hidden="true">↑</span>
                    </button>
                    <button
                      ref={ref(item.id, 'down')}
                      type="button"
                      className="ai-icon-button"
                      aria-label={`Move down: ${item.title}`}
                      title="Move down"
                      disabled={index === items.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <span aria-hidden="true">↓</span>
                    </button>
                    <button
                      ref={ref(item.id, 'edit')}
                      type="button"
                      className="ai-icon-button"
                      aria-label={`Edit: ${item.title}`}
                      title="Edit"
                      onClick={() => startEdit(item)}
                    >
                      <span aria-hidden="true">✎</span>
                    </button>
                    <button
                      ref={ref(item.id, 'delete')}
                      type="button"
                      className="ai-icon-button ai-icon-button--danger"
                      aria-label={`Delete: ${item.title}`}
                      title="Delete"
                      onClick={() => remove(index)}
                    >
                      <span aria-hidden="true">✕</span>
                    </button>
                  </span>
                </>
              )}
            </li>
          ))}
        </ol>
        {items.length === 0 && <p className="ai-muted">No suggestions left.</p>}
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
        <div className="ai-suggest__footer">
          <button type="button" className="button button--quiet" onClick={onReject}>
            Reject
          </button>
          <button
            type="button"
            className="button"
            disabled={approved.length === 0}
            onClick={() => onApprove(approved)}
          >
            Approve &amp; Add to Assignment
          </button>
        </div>
      </div>
    </Modal>
  );
}
