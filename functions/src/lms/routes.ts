import type { AnswerOf } from '@brainboard/domain';
import { Router, type Response } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { callerOf } from '../http/auth.ts';
import {
  armDeadline,
  DATABASE_DEADLINE_MS,
  liftDeadline,
  RETRY_AFTER_SECONDS,
} from '../http/deadline.ts';
import { badRequest, HttpError, notFound, route } from '../http/errors.ts';
import {
  feedRateWindowsFromEnv,
  firestoreRateLimiter,
  type RateLimiter,
} from '../http/rateLimit.ts';
import { parseBody } from '../http/validate.ts';
import {
  claimFeed,
  feedIdFor,
  deleteFeed,
  feedView,
  MAX_FEEDS_PER_STUDENT,
  ownFeedCount,
  readOwnFeed,
  listOwnFeeds,
  TooManyFeedsError,
  type FeedDoc,
} from './feeds.ts';
import {
  FEED_READ_TIME_LIMIT_MS,
  FEED_TURN_WAIT_MS,
  FeedLimitError,
  FeedReadersBusyError,
} from './limits.ts';
import { dueDateIn, NotACalendarError } from './parse.ts';
import { FEED_TIMEOUT_MS, FeedFetchError, type SafeFetchOptions } from './safeFetch.ts';
import { applyAndRecord, importable, readFeed, unfinishedMessage } from './sync.ts';
import { nextSyncAt } from './turns.ts';
import { WritesUnfinishedError, type SyncResult } from './writeRounds.ts';

export const FEED_NOT_FOUND = 'That calendar feed does not exist.';
const URL_MAX_LENGTH = 2048;

export const urlBody = z.strictObject(
  {
    url: z
      .string({ error: 'url is required.' })
      .trim()
      .min(1, 'url is required.')
      .max(URL_MAX_LENGTH, `url must be at most ${URL_MAX_LENGTH} characters.`),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown field: ${String(issue.keys[0])}.`
        : 'Send a JSON object, for example { "url": "https://..." }.',
  },
);

const feedIdParam = z.string().regex(/^feed-[a-f0-9]{24}$/);

/**
 * Reading a feed: fetched (its own 10 s), then read in a worker (its own limits, after
 * waiting its turn). The request's database deadline makes room for both, so a slow feed
 * answers the feed's own sentence. A failure is the feed's: a 400 that says what to check
 * (unreachable, not a calendar), a 422 past a limit, a 503 when every reader is busy.
 */
async function readingFeed<T>(res: Response, work: () => Promise<T>): Promise<T> {
  armDeadline(
    res,
    DATABASE_DEADLINE_MS + FEED_TIMEOUT_MS + FEED_TURN_WAIT_MS + FEED_READ_TIME_LIMIT_MS,
  );
  try {
    return await work();
  } catch (err) {
    if (err instanceof FeedFetchError || err instanceof NotACalendarError) {
      throw badRequest(err.message);
    }
    if (err instanceof FeedLimitError) throw new HttpError(422, err.message);
    if (err instanceof FeedReadersBusyError) {
      res.set('Retry-After', '60');
      throw new HttpError(503, err.message);
    }
    throw err;
  }
}

/**
 * Saving a read feed: as long as the feed is large, so the request's deadline (whose 503 says
 * nothing was changed) is lifted, and each write keeps the database client's own deadline.
 * Writing that stops early answers exactly what was written.
 */
async function savingFeed(
  res: Response,
  retry: string,
  work: () => Promise<SyncResult>,
): Promise<SyncResult> {
  liftDeadline(res);
  try {
    return await work();
  } catch (err) {
    if (err instanceof WritesUnfinishedError) {
      res.set('Retry-After', String(RETRY_AFTER_SECONDS));
      throw new HttpError(503, unfinishedMessage(err, retry));
    }
    throw err;
  }
}

const feedRateLimited = (seconds: number) =>
  `You have checked calendar links many times in a short time. Please wait ${
    seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`
  } and try again.`;

/**
 * Calendar feeds from a school's LMS: preview, import (and sync at once),
 * list, sync now, remove. Removing a feed keeps the cards it imported.
 */
export function lmsRoutes(
  db: Firestore,
  fetchOptions: SafeFetchOptions,
  rateLimiter: RateLimiter = firestoreRateLimiter(db, feedRateWindowsFromEnv(), 'feed'),
): Router {
  const router = Router();
  /** Every call that makes the server fetch a link counts against the caller's rate. */
  const countFetch = async (uid: string, res: { set(name: string, value: string): unknown }) => {
    const decision = await rateLimiter.hit(uid);
    if (!decision.ok) {
      res.set('Retry-After', String(decision.retryAfterSeconds));
      throw new HttpError(429, feedRateLimited(decision.retryAfterSeconds));
    }
  };

  router.post(
    '/lms-feeds/preview',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const { url } = parseBody(urlBody, req.body);
      await countFetch(uid, res);
      const now = new Date();
      const { parsed, zone } = await readingFeed(res, () =>
        readFeed(db, uid, url, fetchOptions, now),
      );
      res.json({
        source: parsed.source,
        label: parsed.label,
        items: importable(parsed.items, zone, now).map((item) => ({
          uid: item.uid,
          title: item.title,
          course: item.course,
          due_date: dueDateIn(item, zone),
        })),
      } satisfies AnswerOf<'POST /api/lms-feeds/preview'>);
    }),
  );

  router.post(
    '/lms-feeds',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const { url } = parseBody(urlBody, req.body);
      const now = new Date();
      const id = feedIdFor(uid, url);
      const existing = await readOwnFeed(db, uid, id);
      // A first look, so a student at the limit is not charged a fetch; claimFeed decides.
      if (!existing && (await ownFeedCount(db, uid)) >= MAX_FEEDS_PER_STUDENT) {
        throw badRequest(new TooManyFeedsError().message);
      }
      await countFetch(uid, res);
      const since = existing ? new Date(existing.first_import_at) : now;
      const { parsed, zone } = await readingFeed(res, () =>
        readFeed(db, uid, url, fetchOptions, now, since),
      );
      let feed: FeedDoc;
      try {
        feed =
          existing ??
          (await claimFeed(db, id, {
            uid,
            url,
            source: parsed.source,
            label: parsed.label,
            created_at: now.toISOString(),
            first_import_at: now.toISOString(),
            last_synced_at: null,
            last_counts: { added: 0, updated: 0, unchanged: 0, gone: 0 },
            last_changes: [],
            next_sync_at: nextSyncAt(id, now),
          }));
      } catch (err) {
        if (err instanceof TooManyFeedsError) throw badRequest(err.message);
        throw err;
      }
      const result = await savingFeed(
        res,
        'Import the same link again in a minute to finish.',
        () => applyAndRecord(db, id, feed, parsed, zone, now),
      );
      res.status(201).json(
        feedView(id, {
          ...feed,
          last_synced_at: now.toISOString(),
          last_counts: result.counts,
          last_changes: result.changes,
          last_error: null,
        }) satisfies AnswerOf<'POST /api/lms-feeds'>,
      );
    }),
  );

  router.get(
    '/lms-feeds',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      res.json({ feeds: await listOwnFeeds(db, uid) } satisfies AnswerOf<'GET /api/lms-feeds'>);
    }),
  );

  /** The caller's feed named by a path id; a malformed id or another student's feed is a 404. */
  const ownFeed = async (uid: string, param: unknown) => {
    const id = feedIdParam.safeParse(param);
    const feed = id.success ? await readOwnFeed(db, uid, id.data) : null;
    if (!id.success || !feed) throw notFound(FEED_NOT_FOUND);
    return { id: id.data, feed };
  };

  router.post(
    '/lms-feeds/:id/sync',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const { id, feed } = await ownFeed(uid, req.params.id);
      await countFetch(uid, res);
      const now = new Date();
      const { parsed, zone } = await readingFeed(res, () =>
        readFeed(db, uid, feed.url, fetchOptions, now, new Date(feed.first_import_at)),
      );
      const result = await savingFeed(res, 'Press Sync now again in a minute to finish.', () =>
        applyAndRecord(db, id, feed, parsed, zone, now),
      );
      res.json(
        feedView(id, {
          ...feed,
          last_synced_at: now.toISOString(),
          last_counts: result.counts,
          last_changes: result.changes,
          last_error: null,
        }) satisfies AnswerOf<'POST /api/lms-feeds/:id/sync'>,
      );
    }),
  );

  router.delete(
    '/lms-feeds/:id',
    route(async (req, res) => {
      const { id } = await ownFeed(callerOf(req).uid, req.params.id);
      await deleteFeed(db, id);
      res.json({ ok: true } satisfies AnswerOf<'DELETE /api/lms-feeds/:id'>);
    }),
  );

  return router;
}
