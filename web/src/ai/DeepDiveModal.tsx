import {
  DEEP_DIVE_ERROR_SNIPPET,
  DEEP_DIVE_SNIPPET_LENGTH,
  DEEP_DIVE_TOOLS,
  deepDiveErrorFull,
  type DeepDiveTool,
} from '@brainboard/domain';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ApiError } from '../data/api/client.ts';
import { api } from '../data/api.ts';
import { Modal } from '../ui/Modal.tsx';
import { fetchDeepDive, generateDeepDive } from './aiApi.ts';
import { snippetOf } from './text.ts';
import { useAiConsent } from './useAiConsent.ts';
import { DEEP_DIVE_DESCRIPTIONS } from './deepDiveText.ts';
import './ai.css';

export interface DeepDiveModalProps {
  open: boolean;
  onClose(): void;
  /** The assignment as text: shown under "Task Details" and sent to each tool. */
  context: string;
  /** An attached PDF whose text the server adds as context. */
  fileId?: string | undefined;
  assignmentId: string;
  /** Tools already generated (the assignment's deep_dive map), shown before the fresh copy loads. */
  initial?: Record<string, string> | undefined;
  /** A tool's text was generated and stored. */
  onGenerated?(tool: DeepDiveTool, text: string): void;
}

interface Result {
  /** The full text: the tool's answer, or "Error occurred: <message>". */
  text: string;
  failed?: boolean;
}

type Tab = 'details' | 'tools';
const TABS: { id: Tab; label: string }[] = [
  { id: 'details', label: 'Task Details' },
  { id: 'tools', label: 'Deep-Dive Tools' },
];

function knownTools(
  map: Record<string, string> | undefined,
): Partial<Record<DeepDiveTool, Result>> {
  const out: Partial<Record<DeepDiveTool, Result>> = {};
  for (const tool of DEEP_DIVE_TOOLS) {
    const text = map?.[tool];
    if (typeof text === 'string' && text !== '') out[tool] = { text };
  }
  return out;
}

/**
 * The Deep Dive modal: tabs "Task Details" and "Deep-Dive Tools", the
 * eight tools each with a button and a snippet, a full-text viewer. A tool
 * that is loaded is never requested again; one request runs at a time; a
 * failure shows the error snippet and can be tried again.
 */
export function DeepDiveModal({
  open,
  onClose,
  context,
  fileId,
  assignmentId,
  initial,
  onGenerated,
}: DeepDiveModalProps) {
  const id = useId();
  const ensureConsent = useAiConsent();
  const [tab, setTab] = useState<Tab>('tools');
  const [results, setResults] = useState(() => knownTools(initial));
  const [running, setRunning] = useState<DeepDiveTool | null>(null);
  const [viewing, setViewing] = useState<DeepDiveTool | null>(null);
  const runningRef = useRef(false);
  const controllerRef = useRef<AbortController | null>(null);
  const tabRefs = useRef(new Map<Tab, HTMLButtonElement | null>());

  // The stored tools, fresh from the server (another device may have added some).
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    fetchDeepDive(api, assignmentId, controller.signal)
      .then((map) => setResults((current) => ({ ...knownTools(map), ...current })))
      .catch((err: unknown) => {
        if (!controller.signal.aborted) console.error('Could not load deep dive results', err);
      });
    return () => controller.abort();
  }, [open, assignmentId]);

  useEffect(() => () => controllerRef.current?.abort(), []);

  async function runTool(tool: DeepDiveTool) {
    const known = results[tool];
    if (known && !known.failed) {
      setViewing(tool);
      return;
    }
    if (runningRef.current) return;
    runningRef.current = true;
    try {
      if (!(await ensureConsent('deepDive', { withFile: !!fileId }))) return;
      setRunning(tool);
      const controller = new AbortController();
      controllerRef.current = controller;
      try {
        const text = await generateDeepDive(
          api,
          { assignmentId, prompt: context, feature: tool, ...(fileId ? { fileId } : {}) },
          controller.signal,
        );
        setResults((current) => ({ ...current, [tool]: { text } }));
        onGenerated?.(tool, text);
      } catch (err) {
        if (controller.signal.aborted) return;
        const message =
          err instanceof ApiError
            ? (err.serverError ?? err.message)
            : (err as Error)?.message || 'Unknown error';
        setResults((current) => ({
          ...current,
          [tool]: { text: deepDiveErrorFull(message), failed: true },
        }));
      }
    } finally {
      runningRef.current = false;
      setRunning(null);
    }
  }

  function onTabKey(e: KeyboardEvent<HTMLButtonElement>) {
    const index = TABS.findIndex((t) => t.id === tab);
    let next: number | null = null;
    if (e.key === 'ArrowRight') next = (index + 1) % TABS.length;
    else if (e.key === 'ArrowLeft') next = (index - 1 + TABS.length) % TABS.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = TABS.length - 1;
    if (next === null) return;
    e.preventDefault();
    const target = TABS[next]!.id;
    setTab(target);
    tabRefs.current.get(target)?.focus();
  }

  const viewed = viewing ? results[viewing] : undefined;

  return (
    <Modal open={open} onClose={onClose} title="Deep Dive" resizable className="ai-deep-dive">
      <div className="ai-tabs" role="tablist" aria-label="Deep Dive">
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              tabRefs.current.set(t.id, el);
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${t.id}`}
            className="ai-tabs__tab"
            aria-selected={tab === t.id}
            aria-controls={`${id}-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
            onKeyDown={onTabKey}
          >
            {t.label}
          </button>
        ))}
      </div>

      <div
        role="tabpanel"
        id={`${id}-panel-details`}
        aria-labelledby={`${id}-tab-details`}
        hidden={tab !== 'details'}
        tabIndex={0}
        className="ai-tabs__panel"
      >
        <div className="ai-deep-dive__details">{context}</div>
      </div>

      <div
        role="tabpanel"
        id={`${id}-panel-tools`}
        aria-labelledby={`${id}-tab-tools`}
        hidden={tab !== 'tools'}
        className="ai-tabs__panel"
      >
        <ul className="ai-deep-dive__tools">
          {DEEP_DIVE_TOOLS.map((tool) => {
            const result = results[tool];
            const isRunning = running === tool;
            const blocked = running !== null && !isRunning && !(result && !result.failed);
            const snippetId = `${id}-snippet-${DEEP_DIVE_TOOLS.indexOf(tool)}`;
            return (
              <li key={tool} className="ai-deep-dive__tool" data-tool={tool}>
                <button
                  type="button"
                  className="button ai-deep-dive__button"
                  aria-describedby={`${snippetId}-about ${snippetId}`}
                  aria-disabled={blocked || isRunning}
                  aria-busy={isRunning}
                  onClick={() => {
                    if (!blocked && !isRunning) void runTool(tool);
                  }}
                >
                  {tool}
                </button>
                <p id={`${snippetId}-about`} className="ai-deep-dive__about">
                  {DEEP_DIVE_DESCRIPTIONS[tool]}
                </p>
                <div id={snippetId} className="ai-deep-dive__snippet-box">
                  {isRunning ? (
                    <span className="ai-muted">Generating...</span>
                  ) : result ? (
                    <button
                      type="button"
                      className={`ai-deep-dive__snippet${result.failed ? ' ai-deep-dive__snippet--failed' : ''}`}
                      aria-label={`${snippetOf(result.failed ? DEEP_DIVE_ERROR_SNIPPET : result.text)} (open the full ${tool} text)`}
                      onClick={() => setViewing(tool)}
                    >
                      <span
                        className={
                          !result.failed && result.text.length > DEEP_DIVE_SNIPPET_LENGTH
                            ? 'ai-deep-dive__cut'
                            : undefined
                        }
                      >
                        {result.failed ? DEEP_DIVE_ERROR_SNIPPET : snippetOf(result.text)}
                      </span>
                    </button>
                  ) : (
                    <span className="ai-muted">Not generated yet.</span>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
        <p className="visually-hidden" role="status">
          {running ? `Generating ${running}...` : ''}
        </p>
      </div>

      {viewing && viewed && (
        <Modal open onClose={() => setViewing(null)} title={viewing} resizable>
          <div className="ai-deep-dive__full">{viewed.text}</div>
        </Modal>
      )}
    </Modal>
  );
}
