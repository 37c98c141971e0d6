import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler, Response } from 'express';
import type { Firestore, Settings } from 'firebase-admin/firestore';

/** What a student reads when the database does not answer in time. */
export const DATABASE_UNAVAILABLE =
  'Brainboard cannot reach its database right now, so nothing was changed. Please try again in a few seconds.';
/** Seconds a client should wait before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 5;
/** The longest a request waits on the database before it answers 503. */
export const DATABASE_DEADLINE_MS = 5_000;

/**
 * The API function's timeout (functions/src/index.ts declares it): the platform cuts a request
 * that runs longer, with no answer the student could read.
 */
export const FUNCTION_TIMEOUT_SECONDS = 300;

/**
 * The longest any request runs, whatever deadline its route set or lifted (an AI answer, a PDF
 * upload, a feed import): past it the API answers 503 itself. A minute before the platform's
 * timeout, which counts from the request's arrival, the body's upload included.
 */
const REQUEST_CEILING_MS = (FUNCTION_TIMEOUT_SECONDS - 60) * 1000;

/** What a student reads when a request ran into the ceiling. */
export const TOOK_TOO_LONG =
  'Brainboard took too long to answer, so it stopped. Please try again in a few seconds.';

/** gRPC status codes that mean "the database did not answer", not "your request was wrong". */
const UNAVAILABLE_CODES = new Set([4 /* DEADLINE_EXCEEDED */, 14 /* UNAVAILABLE */]);

export function isDatabaseUnavailable(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return (
    err instanceof DatabaseDeadlineError ||
    (typeof code === 'number' && UNAVAILABLE_CODES.has(code))
  );
}

export class DatabaseDeadlineError extends Error {
  constructor() {
    super('The database did not answer within the deadline.');
    this.name = 'DatabaseDeadlineError';
  }
}

const FIRESTORE_METHODS = [
  'GetDocument',
  'ListDocuments',
  'CreateDocument',
  'UpdateDocument',
  'DeleteDocument',
  'BatchGetDocuments',
  'BeginTransaction',
  'Commit',
  'Rollback',
  'RunQuery',
  'RunAggregationQuery',
  'PartitionQuery',
  'ListCollectionIds',
  'BatchWrite',
];

/**
 * Firestore client settings that give every RPC a deadline of `ms`, instead of the client
 * library's 60 s per attempt and 600 s in total. A transaction's read that passes it is sent
 * again by the client library, past `ms` in all (seen in tests/conformance/firestore.test.ts),
 * so what bounds a request is its own deadline (`requestDeadline`), and a job its function's
 * timeout.
 */
export function firestoreDeadlineSettings(ms = DATABASE_DEADLINE_MS): Settings {
  const params = {
    initial_retry_delay_millis: 100,
    retry_delay_multiplier: 1.3,
    max_retry_delay_millis: 1_000,
    initial_rpc_timeout_millis: ms,
    rpc_timeout_multiplier: 1,
    max_rpc_timeout_millis: ms,
    total_timeout_millis: ms,
  };
  return {
    clientConfig: {
      interfaces: {
        'google.firestore.v1.Firestore': {
          retry_params: { default: params },
          methods: Object.fromEntries(
            FIRESTORE_METHODS.map((m) => [m, { timeout_millis: ms, retry_params_name: 'default' }]),
          ),
        },
      },
    },
  } as Settings;
}

/** Runs `work` with a deadline: past `ms` it rejects with DatabaseDeadlineError. */
async function withDeadline<T>(work: Promise<T>, ms = DATABASE_DEADLINE_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseDeadlineError()), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The response of the request the current code runs for (see `fenceLateWrites`). */
const currentResponse = new AsyncLocalStorage<Response>();

/** RPCs that change data: the ones a request past its deadline may no longer send. */
const WRITE_METHODS = new Set(['commit', 'batchWrite', 'beginTransaction']);

/**
 * Makes `db` refuse to send a write for a request that has already answered 503 (its
 * deadline passed while it waited on the database): the client was told nothing was
 * changed, so nothing may change later when the database answers again. Reads still go
 * through. The Firestore client sends every write through its `request` method.
 */
export function fenceLateWrites(db: Firestore): void {
  const client = db as unknown as {
    request?: (method: string, ...rest: unknown[]) => Promise<unknown>;
  };
  const send = client.request?.bind(db);
  if (!send) throw new Error('The Firestore client has no request method to guard.');
  client.request = (method, ...rest) => {
    const res = currentResponse.getStore();
    if (res && timedOut(res) && WRITE_METHODS.has(method)) {
      return Promise.reject(new DatabaseDeadlineError());
    }
    return send(method, ...rest);
  };
}

/** Starts (or restarts) the response's deadline: `ms` from now. */
export function armDeadline(res: Response, ms: number): void {
  clearTimeout(res.locals.deadline as NodeJS.Timeout | undefined);
  const timer = setTimeout(() => {
    if (res.headersSent) return;
    res.locals.timedOut = true;
    res.set('Retry-After', String(RETRY_AFTER_SECONDS));
    res.status(503).json({ error: DATABASE_UNAVAILABLE });
  }, ms);
  timer.unref();
  res.locals.deadline = timer;
}

/**
 * Past the ceiling every request ends: one that has not answered gets 503 with a sentence
 * (and, like one past its deadline, may write nothing more); a streamed answer that has
 * started is ended, so the client sees the end of a stream instead of a cut connection.
 */
function armCeiling(res: Response, ms: number): NodeJS.Timeout {
  const timer = setTimeout(() => {
    if (res.writableEnded) return;
    res.locals.timedOut = true;
    if (res.headersSent) {
      res.end();
      return;
    }
    res.set('Retry-After', String(RETRY_AFTER_SECONDS));
    res.status(503).json({ error: TOOK_TOO_LONG });
  }, ms);
  timer.unref();
  return timer;
}

/**
 * The whole request's deadline: a request that has not started answering after `ms` (a
 * database that stopped answering, say) gets 503 with Retry-After, and anything the route
 * tries to send later is dropped. A streamed answer that has started is left alone until the
 * ceiling (`ceilingMs`), which no route lifts.
 */
export function requestDeadline(
  ms = DATABASE_DEADLINE_MS,
  ceilingMs = REQUEST_CEILING_MS,
): RequestHandler {
  return (_req, res, next) => {
    armDeadline(res, ms);
    const ceiling = armCeiling(res, ceilingMs);
    const clear = () => {
      clearTimeout(res.locals.deadline as NodeJS.Timeout | undefined);
      clearTimeout(ceiling);
    };
    res.once('finish', clear);
    res.once('close', clear);
    currentResponse.run(res, next);
  };
}

/**
 * Lifts the request's deadline before work that has its own (an AI provider's answer);
 * database calls after it keep the client's per-call deadline, and the request its ceiling.
 */
export function liftDeadline(res: Response): void {
  clearTimeout(res.locals.deadline as NodeJS.Timeout | undefined);
}

/** True once the deadline has answered 503: the route must not write anything more. */
function timedOut(res: Response): boolean {
  return res.locals.timedOut === true;
}

/** Whether the database answers a small read within `ms`. */
export async function databaseReachable(db: Firestore, ms = 2_000): Promise<boolean> {
  try {
    await withDeadline(db.collection('health').doc('ping').get(), ms);
    return true;
  } catch {
    return false;
  }
}
