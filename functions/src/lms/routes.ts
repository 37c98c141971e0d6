import type { AnswerOf } from '@brainboard/domain';
import { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { callerOf } from '../http/auth.ts';
import { badRequest, HttpError, notFound, route } from '../http/errors.ts';
import {
  feedRateWindowsFromEnv,
  firestoreRateLimiter,
  type RateLimiter,
} from '../http/rateLimit.ts';
import { parseBody } from '../http/validate.ts';
import {
  feedIdFor,
  feedsOf,
  feedView,
  MAX_FEEDS_PER_STUDENT,
  readOwnFeed,
  listOwnFeeds,
  type FeedDoc,
} from './feeds.ts';
import { dueDateIn, NotACalendarError } from './parse.ts';
import { FeedFetchError, type SafeFetchOptions } from './safeFetch.ts';
import { importable, readFeed, recordSync, syncFeed, applyFeed, SYNC_EVERY_MS } from './sync.ts';

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

/** Fetch and parse failures become a 400 that says what to check. */
async function asBadRequest<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof FeedFetchError || err instanceof NotACalendarError) {
      throw badRequest(err.message);
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
      const { parsed, zone } = await asBadRequest(() => readFeed(db, uid, url, fetchOptions, now));
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
      if (!existing) {
        const count = (await feedsOf(db).where('uid', '==', uid).get()).size;
        if (count >= MAX_FEEDS_PER_STUDENT) {
          throw badRequest(
            `You can import from at most ${MAX_FEEDS_PER_STUDENT} calendars. Remove one first.`,
          );
        }
      }
      await countFetch(uid, res);
      const { parsed, zone } = await asBadRequest(() => readFeed(db, uid, url, fetchOptions, now));
      const doc: FeedDoc = existing ?? {
        uid,
        url,
        source: parsed.source,
        label: parsed.label,
        created_at: now.toISOString(),
        first_import_at: now.toISOString(),
        last_synced_at: null,
        last_counts: { added: 0, updated: 0, unchanged: 0, gone: 0 },
        last_changes: [],
        next_sync_at: new Date(now.getTime() + SYNC_EVERY_MS).toISOString(),
      };
      if (!existing) {
        try {
          await feedsOf(db).doc(id).create(doc);
        } catch (err) {
          // The same link added twice at once: one feed, both answers describe it.
          if ((err as { code?: unknown }).code !== 6) throw err;
        }
      }
      const result = await applyFeed(db, id, doc, parsed, zone, now);
      const done = {
        ...doc,
        last_synced_at: now.toISOString(),
        last_counts: result.counts,
        last_changes: result.changes,
        last_error: null,
      };
      await recordSync(db, id, {
        last_synced_at: done.last_synced_at,
        last_counts: done.last_counts,
        last_changes: done.last_changes,
        last_error: null,
      });
      res.status(201).json(feedView(id, done) satisfies AnswerOf<'POST /api/lms-feeds'>);
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
      const result = await asBadRequest(() => syncFeed(db, id, feed, fetchOptions, now));
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
      await feedsOf(db).doc(id).delete();
      res.json({ ok: true } satisfies AnswerOf<'DELETE /api/lms-feeds/:id'>);
    }),
  );

  return router;
}
