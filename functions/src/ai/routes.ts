import { importedText, type ChatMessage, type AnswerOf } from '@brainboard/domain';
import { Router, type Response } from 'express';
import { FieldPath, type Firestore } from 'firebase-admin/firestore';
import { requireOptIn } from './access.ts';
import { loadChat, saveChat } from '../chats/store.ts';
import { DEEP_DIVE_MAX_CHARS, HISTORY_BUDGET_CHARS, STREAM_IDLE_TIMEOUT_MS } from './limits.ts';
import {
  deepDiveMessages,
  fileContextTurn,
  HELP_SYSTEM_PROMPT,
  IDEA_SYSTEM_PROMPT,
  SUGGEST_SYSTEM_PROMPT,
  SUGGESTIONS_SCHEMA,
} from './prompts.ts';
import { aiProviderFromEnv, type AiProvider, type ChatTurn } from './provider.ts';
import { firestoreRateLimiter, rateWindowsFromEnv, type RateLimiter } from '../http/rateLimit.ts';
import {
  assignmentIdQuerySchema,
  chatBodySchema,
  deepDiveBodySchema,
  parse,
  saveChatBodySchema,
  suggestBodySchema,
} from './schemas.ts';
import { openEventStream } from './sse.ts';
import { suggestionsFromJson } from './suggestions.ts';
import { readAssignmentDoc, writePaths } from '../assignments/store.ts';
import { fileContextOf } from '../files/records.ts';
import { callerOf } from '../http/auth.ts';
import { liftDeadline } from '../http/deadline.ts';
import { HttpError, notFound, route } from '../http/errors.ts';

const AI_MESSAGES = {
  unavailable: 'AI features are not available right now. Please try again later.',
  busy: 'The AI service is busy right now. Please try again in a minute.',
  failed: 'The AI service could not answer. Please try again.',
  streamFailed: 'The AI service stopped before finishing its answer. Please try again.',
  timeout: 'The AI service took too long to answer. Please try again.',
  empty: 'The AI service sent an empty answer. Please try again.',
  unreadable: 'The AI service sent an answer Brainboard could not read. Please try again.',
  rateLimited: (seconds: number) =>
    `You have used AI features a lot in a short time. Please wait ${
      seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`
    } and try again.`,
  assignmentNotFound: 'That assignment was not found. It may have been deleted.',
} as const;

export interface AiRouteOptions {
  /** The AI provider; default: the `openai` client configured by OPENAI_* (null: not configured). */
  provider?: () => AiProvider | null;
  /** Default: Firestore fixed-window counters (AI_RATE_LIMIT_PER_MINUTE / _PER_DAY). */
  rateLimiter?: RateLimiter;
}

/** The status of a provider error, when it has one (the openai client's APIError). */
const providerStatus = (err: unknown): number | undefined => {
  const status = (err as { status?: unknown })?.status;
  return typeof status === 'number' ? status : undefined;
};

/**
 * An AbortSignal that fires when the client goes away before the response is
 * complete. Only the response tells: the request stream is already consumed
 * (and may count as destroyed) once the body has been parsed.
 */
function abortOnDisconnect(res: Response) {
  // The provider's answer has its own timeouts; the database deadline ends here.
  liftDeadline(res);
  const controller = new AbortController();
  let gone = false;
  const onClose = () => {
    if (!res.writableFinished) {
      gone = true;
      controller.abort(new Error('The client disconnected.'));
    }
  };
  res.on('close', onClose);
  if (res.destroyed || res.socket?.destroyed === true) onClose();
  return {
    controller,
    signal: controller.signal,
    get clientGone() {
      return gone;
    },
    /** Ends the response of a client that left, so nothing between us waits on it. */
    finish() {
      if (!res.writableEnded) res.end();
    },
  };
}

/** Earlier turns, newest first until the budget is spent; system turns from clients are dropped. */
export function historyWithinBudget(
  messages: { role: string; content: string }[] | undefined,
  budget = HISTORY_BUDGET_CHARS,
): ChatTurn[] {
  const kept: ChatTurn[] = [];
  let used = 0;
  for (const m of [...(messages ?? [])].reverse()) {
    if (m.role !== 'user' && m.role !== 'assistant') continue;
    if (!m.content.trim()) continue;
    if (used + m.content.length > budget) break;
    used += m.content.length;
    kept.unshift({ role: m.role, content: m.content });
  }
  return kept;
}

/**
 * The AI routes (docs/architecture.md). Every AI call checks, in order: the
 * body (400), the opt-in (403), the caller's own assignment or file (404),
 * the provider (503) and the rate limit (429).
 */
export function aiRoutes(db: Firestore, options: AiRouteOptions = {}): Router {
  const router = Router();
  const providerOf = options.provider ?? (() => aiProviderFromEnv());
  let limiter = options.rateLimiter;
  const rateLimiter = () => (limiter ??= firestoreRateLimiter(db, rateWindowsFromEnv()));

  function requireProvider(): AiProvider {
    const provider = providerOf();
    if (!provider) throw new HttpError(503, AI_MESSAGES.unavailable);
    return provider;
  }

  async function requireWithinRate(uid: string, res: Response) {
    const decision = await rateLimiter().hit(uid);
    if (!decision.ok) {
      res.set('Retry-After', String(decision.retryAfterSeconds));
      throw new HttpError(429, AI_MESSAGES.rateLimited(decision.retryAfterSeconds));
    }
  }

  async function requireAssignment(uid: string, assignmentId: string) {
    if (!(await readAssignmentDoc(db, uid, assignmentId))) {
      throw notFound(AI_MESSAGES.assignmentNotFound);
    }
  }

  /** A provider failure of a non-streamed call as an HTTP error. */
  function providerFailure(err: unknown): HttpError {
    console.error('AI provider call failed', err);
    const status = providerStatus(err);
    if (status === 429) return new HttpError(503, AI_MESSAGES.busy);
    if ((err as { name?: unknown })?.name === 'APIConnectionTimeoutError') {
      return new HttpError(504, AI_MESSAGES.timeout);
    }
    return new HttpError(502, AI_MESSAGES.failed);
  }

  const chat = (systemPrompt: string) =>
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const connection = abortOnDisconnect(res);
      const body = parse(chatBodySchema, req.body);
      await requireOptIn(db, uid, 'ai_help_enabled');
      const file = body.file_id ? await fileContextOf(db, uid, body.file_id) : undefined;
      const provider = requireProvider();
      await requireWithinRate(uid, res);
      if (connection.clientGone) return connection.finish();

      const messages: ChatTurn[] = [
        { role: 'system', content: systemPrompt },
        ...(file ? [fileContextTurn(file)] : []),
        ...historyWithinBudget(body.messages),
        { role: 'user', content: body.prompt },
      ];

      const events = openEventStream(res);
      let timedOut = false;
      let idle: NodeJS.Timeout | undefined;
      const resetIdle = () => {
        clearTimeout(idle);
        idle = setTimeout(() => {
          timedOut = true;
          connection.controller.abort(new Error('The AI provider stopped sending.'));
        }, STREAM_IDLE_TIMEOUT_MS);
      };
      const keepAlive = setInterval(() => events.ping(), 15_000);
      let sent = 0;
      try {
        resetIdle();
        for await (const delta of provider.stream(messages, connection.signal)) {
          resetIdle();
          events.send('data', delta);
          sent += delta.length;
        }
        if (sent === 0) events.send('error', AI_MESSAGES.empty);
      } catch (err) {
        if (!connection.clientGone) {
          console.error('AI stream failed', err);
          const message = timedOut
            ? AI_MESSAGES.timeout
            : providerStatus(err) === 429
              ? AI_MESSAGES.busy
              : sent > 0
                ? AI_MESSAGES.streamFailed
                : AI_MESSAGES.failed;
          events.send('error', message);
        }
      } finally {
        clearTimeout(idle);
        clearInterval(keepAlive);
        events.end();
      }
    });

  router.post('/ai-help-chat', chat(HELP_SYSTEM_PROMPT));
  router.post('/ai-idea-chat', chat(IDEA_SYSTEM_PROMPT));

  router.get(
    '/ai-help-load',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const { assignment_id } = parse(assignmentIdQuerySchema, req.query);
      res.json({
        ai_help: await loadChat(db, uid, assignment_id),
      } satisfies AnswerOf<'GET /api/ai-help-load'>);
    }),
  );

  router.post(
    '/ai-help-save',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const body = parse(saveChatBodySchema, req.body);
      await requireAssignment(uid, body.assignment_id);
      const saved = await saveChat(db, uid, body.assignment_id, body.messages as ChatMessage[]);
      res.json({ ok: true, saved } satisfies AnswerOf<'POST /api/ai-help-save'>);
    }),
  );

  router.post(
    '/ai-suggest-subtasks',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const connection = abortOnDisconnect(res);
      const body = parse(suggestBodySchema, req.body);
      await requireOptIn(db, uid, 'ai_help_enabled');
      const file = body.file_id ? await fileContextOf(db, uid, body.file_id) : undefined;
      const provider = requireProvider();
      await requireWithinRate(uid, res);

      let content: string;
      try {
        content = await provider.complete(
          [
            { role: 'system', content: SUGGEST_SYSTEM_PROMPT },
            ...(file ? [fileContextTurn(file)] : []),
            { role: 'user', content: body.prompt },
          ],
          { signal: connection.signal, schema: SUGGESTIONS_SCHEMA },
        );
      } catch (err) {
        if (connection.clientGone) return connection.finish();
        throw providerFailure(err);
      }
      const subtasks = suggestionsFromJson(content);
      if (!subtasks) {
        console.error('AI suggestions were not the JSON asked for', content.slice(0, 500));
        throw new HttpError(502, AI_MESSAGES.unreadable);
      }
      res.json({ subtasks } satisfies AnswerOf<'POST /api/ai-suggest-subtasks'>);
    }),
  );

  router.post(
    '/ai-deep-dive',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const connection = abortOnDisconnect(res);
      const body = parse(deepDiveBodySchema, req.body);
      await requireOptIn(db, uid, 'ai_deep_dive_enabled');
      await requireAssignment(uid, body.assignment_id);
      const file = body.file_id ? await fileContextOf(db, uid, body.file_id) : undefined;
      const provider = requireProvider();
      await requireWithinRate(uid, res);

      let text: string;
      try {
        text = await provider.complete(deepDiveMessages(body.feature, body.prompt, file), {
          signal: connection.signal,
        });
      } catch (err) {
        if (connection.clientGone) return connection.finish();
        throw providerFailure(err);
      }
      // An answer from outside is stored by the import rules (domain/src/safeText.ts): cleaned,
      // and cut with "…" without splitting an emoji (half of one cannot be stored).
      text = importedText(text, DEEP_DIVE_MAX_CHARS, 'multiline');
      if (!text) throw new HttpError(502, AI_MESSAGES.empty);
      // Only this tool's entry changes (a field-path write), so two tools finishing at once
      // both keep their text. An assignment deleted meanwhile answers 404.
      try {
        await writePaths(db, uid, body.assignment_id, [
          [new FieldPath('deep_dive', body.feature), text],
        ]);
      } catch (err) {
        if ((err as { code?: unknown }).code === 5) throw notFound(AI_MESSAGES.assignmentNotFound);
        throw err;
      }
      res.json({ deep_dive: text } satisfies AnswerOf<'POST /api/ai-deep-dive'>);
    }),
  );

  return router;
}
