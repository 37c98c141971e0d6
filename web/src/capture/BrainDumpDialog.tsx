import type { Assignment } from '@brainboard/domain';
import { useContext, useEffect, useId, useRef, useState } from 'react';
import { isApiError } from '../data/api/client.ts';
import { createAssignment, newClientId } from '../data/assignmentsApi.ts';
import { api } from '../data/api.ts';
import { SessionContext } from '../session/sessionContext.ts';
import { Modal } from '../ui/Modal.tsx';
import { readBrainDump } from './captureApi.ts';
import { dueLine } from './dueLine.ts';
import { useQuickAddParser } from './useQuickAddParser.ts';

interface Proposal {
  key: number;
  /** The card's id, chosen once: adding again after a failure creates each card once. */
  id: string;
  title: string;
  /** 'YYYY-MM-DDTHH:MM:00', or '' for none. */
  due_date: string;
  steps: string[];
  chosen: boolean;
}

/** The browser's speech recognition, where it has one (Chromium names it webkit...). */
interface Listening {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((e: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
}
type ListeningConstructor = new () => Listening;
const Recognition = (): ListeningConstructor | undefined => {
  const w = window as unknown as Record<string, ListeningConstructor | undefined>;
  return w.SpeechRecognition ?? w.webkitSpeechRecognition;
};

export interface BrainDumpDialogProps {
  onClose(): void;
  onAdded(item: Assignment): void;
  /** Every chosen proposal was added (the dialog is done; the one that opened it may close too). */
  onAddedAll(): void;
  trackWrite: <T>(write: Promise<T>) => Promise<T>;
}

/**
 * "Add several" (docs/product.md, Brain dump): a pasted paragraph or speech becomes proposed
 * assignments to review, edit, untick and add in one go. With AI Help on the server's model
 * reads it (with first steps); otherwise, or offline, each line or sentence is one proposal read
 * in the browser.
 */
export default function BrainDumpDialog({
  onClose,
  onAdded,
  onAddedAll,
  trackWrite,
}: BrainDumpDialogProps) {
  const id = useId();
  const parser = useQuickAddParser();
  const aiHelp = useContext(SessionContext)?.user?.ai_help_enabled === true;
  const [text, setText] = useState('');
  const [proposals, setProposals] = useState<Proposal[] | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [listening, setListening] = useState(false);
  const recognition = useRef<Listening | null>(null);
  const canListen = Recognition() !== undefined;
  const textRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => () => recognition.current?.stop(), []);

  function listen() {
    const Ctor = Recognition();
    if (!Ctor) return;
    if (listening) {
      recognition.current?.stop();
      return;
    }
    const r = new Ctor();
    r.lang = navigator.language || 'en-US';
    r.continuous = true;
    r.interimResults = false;
    const before = text;
    r.onresult = (e) => {
      const heard = Array.from(e.results, (res) => res[0]?.transcript ?? '').join(' ');
      setText(`${before}${before ? '\n' : ''}${heard}`);
    };
    r.onend = () => setListening(false);
    recognition.current = r;
    setListening(true);
    r.start();
  }

  async function read() {
    if (!parser || !text.trim()) return;
    setBusy(true);
    setError(null);
    let list: Proposal[] | null = null;
    let said = '';
    if (aiHelp && navigator.onLine) {
      try {
        const answer = await readBrainDump(text);
        list = answer.items.map((item, key) => ({
          key,
          id: newClientId('assignment'),
          title: item.title,
          due_date: item.due_date ?? '',
          steps: item.steps ?? [],
          chosen: true,
        }));
        if (answer.unreadable > 0) {
          said = ` ${answer.unreadable} ${answer.unreadable === 1 ? 'item' : 'items'} could not be read.`;
        }
      } catch {
        list = null;
      }
    }
    list ??= parser.split(text).map((line, key) => {
      const r = parser.read(line);
      return {
        key,
        id: newClientId('assignment'),
        title: r?.title ?? line,
        due_date: r?.due_date ?? '',
        steps: [],
        chosen: true,
      };
    });
    setProposals(list);
    setNote(`${list.length} ${list.length === 1 ? 'proposal' : 'proposals'} to check.${said}`);
    setBusy(false);
  }

  const change = (key: number, fields: Partial<Proposal>) =>
    setProposals((list) => list?.map((p) => (p.key === key ? { ...p, ...fields } : p)) ?? null);

  async function addChosen() {
    const chosen = (proposals ?? []).filter((p) => p.chosen && p.title.trim());
    setBusy(true);
    setError(null);
    try {
      for (const p of chosen) {
        const item = await trackWrite(
          createAssignment(api, {
            id: p.id,
            title: p.title.trim().slice(0, 125),
            due_date: p.due_date,
            status: 'new',
            ...(p.steps.length > 0
              ? {
                  subtasks: p.steps.map((title, i) => ({
                    id: `${Date.now().toString(36)}-${i}`,
                    title,
                    completed: false,
                  })),
                }
              : {}),
          }),
        );
        onAdded(item);
      }
      onAddedAll();
    } catch (err) {
      setError(
        isApiError(err) ? err.message : 'Some assignments could not be added. Please try again.',
      );
      setBusy(false);
    }
  }

  const chosenCount = (proposals ?? []).filter((p) => p.chosen).length;

  return (
    <Modal open onClose={onClose} title="Add several" initialFocus={textRef} className="brain-dump">
      <div className="brain-dump__body">
        <label htmlFor={`${id}-text`} className="field__label">
          Everything on your mind, in your own words
        </label>
        <textarea
          id={`${id}-text`}
          ref={textRef}
          className="text-field brain-dump__text"
          rows={5}
          maxLength={5000}
          value={text}
          placeholder="I have a chem lab on Thursday and need to start the essay outline…"
          onChange={(e) => setText(e.target.value)}
        />
        <div className="brain-dump__actions">
          {canListen && (
            <button
              type="button"
              className="button button--quiet"
              onClick={listen}
              aria-pressed={listening}
            >
              {listening ? 'Stop listening' : 'Speak'}
            </button>
          )}
          <button
            type="button"
            className="button"
            disabled={busy || !parser || !text.trim()}
            onClick={() => void read()}
          >
            Read my list
          </button>
        </div>
        <p role="status" className="brain-dump__note">
          {note}
        </p>
        {proposals && proposals.length > 0 && (
          <ul className="brain-dump__list" aria-label="Proposed assignments">
            {proposals.map((p) => (
              <li key={p.key} className="brain-dump__item">
                <input
                  type="checkbox"
                  id={`${id}-p${p.key}`}
                  checked={p.chosen}
                  aria-label={`Add ${p.title}`}
                  onChange={(e) => change(p.key, { chosen: e.target.checked })}
                />
                <div className="brain-dump__fields">
                  <input
                    className="text-field"
                    type="text"
                    aria-label="Title"
                    maxLength={125}
                    value={p.title}
                    onChange={(e) => change(p.key, { title: e.target.value })}
                  />
                  <input
                    className="text-field"
                    type="datetime-local"
                    aria-label={`Due date of ${p.title}`}
                    value={p.due_date ? p.due_date.slice(0, 16) : ''}
                    onChange={(e) =>
                      change(p.key, {
                        due_date: e.target.value ? `${e.target.value.slice(0, 16)}:00` : '',
                      })
                    }
                  />
                  <span className="brain-dump__due">{dueLine(p.due_date || null, new Date())}</span>
                  {p.steps.length > 0 && (
                    <span className="brain-dump__steps">Steps: {p.steps.join(' · ')}</span>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
        {error && (
          <p role="alert" className="quick-add__error">
            {error}
          </p>
        )}
        {proposals && (
          <button
            type="button"
            className="button"
            disabled={busy || chosenCount === 0}
            onClick={() => void addChosen()}
          >
            Add {chosenCount} {chosenCount === 1 ? 'assignment' : 'assignments'}
          </button>
        )}
      </div>
    </Modal>
  );
}
