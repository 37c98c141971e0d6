import type { Response } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { aiProviderFromEnv, type AiProvider } from '../ai/provider.ts';
import { armDeadline, DATABASE_DEADLINE_MS, liftDeadline } from '../http/deadline.ts';
import { firestoreRateLimiter, rateWindowsFromEnv, type RateLimiter } from '../http/rateLimit.ts';
import { extractWithAi, type Extraction, type ExtractionRequest } from './extract.ts';
import type { StudentReading } from './store.ts';

/** The longest the model may take over one reading (all its chunks), inside the ceiling. */
const AI_READING_MS = 120_000;

export interface AiPathOptions {
  /** Default: the `openai` client configured by OPENAI_* (null: not configured). */
  provider?: () => AiProvider | null;
  /** Default: the AI rate limit every AI feature shares. */
  rateLimiter?: RateLimiter;
}

/**
 * Reading with AI when the student opted in and the model is there: the AI rate limit counts
 * it, the request's deadline makes room for the model's answer, and a student who leaves
 * aborts it. Null means the rules read it instead: AI Help off, no model configured, the rate
 * limit reached, or the model failing or answering something unreadable (logged).
 */
export function aiPath(db: Firestore, options: AiPathOptions = {}) {
  const providerOf = options.provider ?? (() => aiProviderFromEnv());
  let limiter = options.rateLimiter;
  const rateLimiter = () => (limiter ??= firestoreRateLimiter(db, rateWindowsFromEnv()));
  return async function read(
    uid: string,
    student: StudentReading,
    res: Response,
    request: Omit<ExtractionRequest, 'signal'>,
  ): Promise<Extraction | null> {
    if (!student.aiHelp) return null;
    const provider = providerOf();
    if (!provider) return null;
    if (!(await rateLimiter().hit(uid)).ok) return null;
    const gone = new AbortController();
    const onClose = () => {
      if (!res.writableFinished) gone.abort(new Error('The client disconnected.'));
    };
    res.on('close', onClose);
    liftDeadline(res);
    try {
      return await extractWithAi(provider, {
        ...request,
        signal: AbortSignal.any([gone.signal, AbortSignal.timeout(AI_READING_MS)]),
      });
    } catch (err) {
      if (!gone.signal.aborted) console.error('Reading with AI failed; the rules read it', err);
      return null;
    } finally {
      res.off('close', onClose);
      armDeadline(res, DATABASE_DEADLINE_MS);
    }
  };
}
