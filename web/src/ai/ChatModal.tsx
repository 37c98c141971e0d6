import {
  CHAT_COUNTER_LIMIT,
  CHAT_ERROR_FALLBACK,
  CHAT_ERROR_REPLY,
  CHAT_INPUT_MAX_LENGTH,
  CHAT_WARN_THRESHOLD,
  hasVisibleCharacter,
  type ChatMessage,
} from '@brainboard/domain';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../data/api/client.ts';
import { api } from '../data/api.ts';
import { Modal } from '../ui/Modal.tsx';
import { contextSummary } from './context.ts';
import { loadChat, saveChat, streamChat, type ChatMode } from './aiApi.ts';
import './ai.css';

export interface ChatModalProps {
  open: boolean;
  onClose(): void;
  /** The assignment as text: the first prompt of a new conversation. */
  context: string;
  /** An existing assignment: its saved chat is loaded on open and saved on close. */
  assignmentId?: string | undefined;
  /** An attached PDF whose text the server adds as context. */
  fileId?: string | undefined;
  /** "help" (default) or "idea" (brainstorming). */
  mode?: ChatMode;
}

interface ShownMessage extends ChatMessage {
  key: number;
}

let keys = 0;
const message = (role: ChatMessage['role'], content: string): ShownMessage => ({
  role,
  content,
  key: ++keys,
});

/** What a conversation keeps and sends on: no empty replies, no "Sorry, error." stand-ins. */
function worthKeeping(messages: readonly ShownMessage[]): ShownMessage[] {
  return messages.filter(
    (m) => m.content !== '' && !(m.role === 'assistant' && m.content === CHAT_ERROR_REPLY),
  );
}

/** The chat's opening context, as a friendly card: what the helper is looking at. */
function ContextCard({ title, due }: { title: string; due: string | null }) {
  return (
    <div className="ai-chat__context">
      <span className="ai-chat__context-lead">Let's work on this together:</span>
      <strong className="ai-chat__context-title">{title}</strong>
      {due && <span className="ai-chat__context-due">Due {due}</span>}
    </div>
  );
}

/** The error text of a failed reply: the message, or "Error" (docs/product.md, Messages). */
function failureText(err: unknown): string {
  if (err instanceof ApiError) return err.serverError ?? err.message ?? CHAT_ERROR_FALLBACK;
  return (err as Error)?.message || CHAT_ERROR_FALLBACK;
}

/**
 * The AI chat: loads the saved chat of an existing
 * assignment or starts with the context as the first prompt, streams each
 * reply as it arrives, blocks sending while a reply runs, and saves on close.
 * Render it when the chat opens: each mount is one conversation.
 */
export function ChatModal({
  open,
  onClose,
  context,
  assignmentId,
  fileId,
  mode = 'help',
}: ChatModalProps) {
  const id = useId();
  const [messages, setMessages] = useState<ShownMessage[]>([]);
  const [input, setInput] = useState('');
  const [busy, setBusy] = useState(false);
  const [loading, setLoading] = useState(!!assignmentId);
  const [error, setError] = useState<string | null>(null);

  const messagesRef = useRef<ShownMessage[]>([]);
  const busyRef = useRef(false);
  const dirtyRef = useRef(false);
  const controllerRef = useRef<AbortController | null>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const update = useCallback((next: ShownMessage[]) => {
    messagesRef.current = next;
    setMessages(next);
  }, []);

  const send = useCallback(
    async (text: string) => {
      const prompt = text.trim();
      if (!prompt || busyRef.current) return;
      busyRef.current = true;
      setBusy(true);
      setError(null);
      dirtyRef.current = true;

      const history = worthKeeping(messagesRef.current).map(({ role, content }) => ({
        role,
        content,
      }));
      const reply = message('assistant', '');
      update([...messagesRef.current, message('user', prompt), reply]);
      const controller = new AbortController();
      controllerRef.current = controller;

      const setReply = (content: string) => {
        update(messagesRef.current.map((m) => (m.key === reply.key ? { ...m, content } : m)));
      };
      let received = '';
      let failure: string | null = null;
      try {
        for await (const piece of streamChat(
          api,
          { mode, prompt, fileId, assignmentId, history },
          controller.signal,
        )) {
          if (piece.event === 'error') {
            failure = piece.data || CHAT_ERROR_FALLBACK;
            break;
          }
          received += piece.data;
          setReply(received);
        }
      } catch (err) {
        if (controller.signal.aborted) return;
        failure = failureText(err);
      } finally {
        if (controllerRef.current === controller) controllerRef.current = null;
        if (!controller.signal.aborted) {
          busyRef.current = false;
          setBusy(false);
        }
      }
      if (failure !== null) {
        setError(failure);
        // Keep what arrived, then say the reply failed (docs/product.md, Messages).
        const kept = messagesRef.current.filter((m) => m.key !== reply.key || m.content !== '');
        update([...kept, message('assistant', CHAT_ERROR_REPLY)]);
      }
    },
    [mode, fileId, assignmentId, update],
  );

  // Opening: the saved chat of an existing assignment, or a fresh one from the context.
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    let live = true;
    (async () => {
      let saved: ChatMessage[] = [];
      if (assignmentId) {
        try {
          saved = await loadChat(api, assignmentId, controller.signal);
        } catch (err) {
          // A load failure is logged only; the chat starts fresh.
          if (!controller.signal.aborted) console.error('Could not load the saved chat', err);
        }
        if (!live) return;
        setLoading(false);
      }
      if (saved.length > 0) {
        update(saved.map((m) => message(m.role, m.content)));
      } else if (context.trim()) {
        void send(context);
      }
    })();
    return () => {
      live = false;
      controller.abort();
    };
    // The conversation starts once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, assignmentId]);

  // Stop a running reply when the chat goes away.
  useEffect(
    () => () => {
      controllerRef.current?.abort();
      busyRef.current = false;
    },
    [],
  );

  // Follow the conversation as it grows, unless the person scrolled up to read.
  useEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const nearBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 120;
    if (nearBottom || busy) log.scrollTop = log.scrollHeight;
  }, [messages, busy]);

  function close() {
    controllerRef.current?.abort();
    controllerRef.current = null;
    busyRef.current = false;
    setBusy(false);
    const toSave = worthKeeping(messagesRef.current);
    if (assignmentId && dirtyRef.current && toSave.length > 0) {
      // Closing the chat saves it; a failure is logged only.
      saveChat(
        api,
        assignmentId,
        toSave.map(({ role, content }) => ({ role, content })),
      ).catch((err: unknown) => console.error('Could not save the chat', err));
    }
    onClose();
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    // React passes events up through portals: keep this form's submit away from the
    // assignment editor's form that hosts the chat.
    e.stopPropagation();
    if (busy || !hasVisibleCharacter(input)) return;
    const text = input;
    setInput('');
    void send(text);
    inputRef.current?.focus();
  }

  const count = input.length;
  const over = count > CHAT_WARN_THRESHOLD;
  const canSend = !busy && hasVisibleCharacter(input);

  return (
    <Modal
      open={open}
      onClose={close}
      title={mode === 'idea' ? 'AI Ideas' : 'AI Help'}
      resizable
      className="ai-chat"
    >
      <div className="ai-chat__body">
        <div
          ref={logRef}
          className="ai-chat__log"
          role="log"
          aria-label="Conversation"
          aria-busy={busy || loading}
          tabIndex={0}
        >
          {loading && <p className="ai-chat__hint">Loading your chat...</p>}
          {messages.map((m, i) => {
            const opening = i === 0 && m.role === 'user' ? contextSummary(m.content) : null;
            return opening ? (
              <ContextCard key={m.key} {...opening} />
            ) : m.role === 'system' ? null : (
              <div key={m.key} className={`ai-chat__msg ai-chat__msg--${m.role}`}>
                <span className="ai-chat__who">{m.role === 'user' ? 'You' : 'AI helper'}</span>
                <div className="ai-chat__text">{m.content}</div>
              </div>
            );
          })}
        </div>

        <p className="ai-chat__status" role="status">
          {busy ? 'Thinking...' : ''}
        </p>
        {error !== null && (
          <p className="ai-chat__error" role="alert">
            {error}
          </p>
        )}

        <form className="ai-chat__form" onSubmit={submit}>
          <label className="visually-hidden" htmlFor={`${id}-input`}>
            Your message
          </label>
          <textarea
            ref={inputRef}
            id={`${id}-input`}
            className="ai-input ai-chat__input"
            rows={2}
            value={input}
            maxLength={CHAT_INPUT_MAX_LENGTH}
            placeholder="Ask about this assignment"
            aria-describedby={`${id}-count`}
            onChange={(e) => setInput(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                e.currentTarget.form?.requestSubmit();
              }
            }}
          />
          <div className="ai-chat__actions">
            <span id={`${id}-count`} className={`ai-counter${over ? ' ai-counter--over' : ''}`}>
              <span aria-hidden="true">
                {count}/{CHAT_COUNTER_LIMIT}
              </span>
              <span className="visually-hidden">
                {`${count} of ${CHAT_COUNTER_LIMIT} characters${over ? ', longer than recommended' : ''}`}
              </span>
            </span>
            <button type="submit" className="button" disabled={!canSend}>
              Send
            </button>
          </div>
        </form>
      </div>
    </Modal>
  );
}
