import type { AnswerOf } from '@brainboard/domain';
import { listAssignments } from '../assignments/store.ts';
import { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { callerOf } from '../http/auth.ts';
import { HttpError, notFound, route } from '../http/errors.ts';
import { firestoreRateLimiter, type RateLimiter } from '../http/rateLimit.ts';
import { buildFeed } from './feed.ts';
import {
  feedOwner,
  feedTokenOf,
  hashToken,
  linkKey,
  reminderSettingsOf,
  rotateFeedToken,
} from './store.ts';

const FEED_NOT_FOUND =
  'This calendar link no longer works. Copy the new link from Settings in Brainboard.';

const TOKEN_FILE_RE = /^([A-Za-z0-9_-]{43})\.ics$/;

/**
 * Calendar apps poll every few minutes at most; this stops a leaked link being hammered. Each
 * link counts apart (its own counters), so an old link read past its limit never holds back
 * the one the student made by resetting it.
 */
const FEED_WINDOWS = [
  { limit: 30, seconds: 60 },
  { limit: 1000, seconds: 86_400 },
];

const feedUrl = (appUrl: string, token: string) => `${appUrl}/api/calendar-feed/${token}.ics`;

/** `GET /api/calendar-feed` and `POST /api/calendar-feed/rotate`: the student's private link. */
export function calendarFeedRoutes(db: Firestore, appUrl: string): Router {
  const router = Router();
  router.get(
    '/calendar-feed',
    route(async (req, res) => {
      const url = feedUrl(appUrl, await feedTokenOf(db, callerOf(req).uid, new Date()));
      res.json({ url } satisfies AnswerOf<'GET /api/calendar-feed'>);
    }),
  );
  router.post(
    '/calendar-feed/rotate',
    route(async (req, res) => {
      const url = feedUrl(appUrl, await rotateFeedToken(db, callerOf(req).uid, new Date()));
      res.json({ url } satisfies AnswerOf<'POST /api/calendar-feed/rotate'>);
    }),
  );
  return router;
}

/**
 * `GET /api/calendar-feed/<token>.ics`: no sign-in (calendar apps have none); the unguessable
 * token is the authority. Unknown or rotated tokens answer 404 at once.
 */
export function publicCalendarFeedRoutes(
  db: Firestore,
  appUrl: string,
  limiter: RateLimiter = firestoreRateLimiter(db, FEED_WINDOWS, 'calendar-link'),
): Router {
  const router = Router();
  router.get(
    '/calendar-feed/:file',
    route(async (req, res) => {
      const m = TOKEN_FILE_RE.exec(String(req.params.file));
      if (!m?.[1]) throw notFound(FEED_NOT_FOUND);
      const uid = await feedOwner(db, m[1]);
      if (!uid) throw notFound(FEED_NOT_FOUND);
      const decision = await limiter.hit(uid, Date.now(), linkKey(m[1]));
      if (!decision.ok) {
        res.set('Retry-After', String(decision.retryAfterSeconds));
        throw new HttpError(429, 'This calendar link was read too often. Try again later.');
      }
      const [assignments, settings] = await Promise.all([
        listAssignments(db, uid),
        reminderSettingsOf(db, uid),
      ]);
      const body = buildFeed(assignments, settings, appUrl, new Date());
      res.set('Content-Type', 'text/calendar; charset=utf-8');
      res.set(
        'Content-Disposition',
        `inline; filename="brainboard-${hashToken(m[1]).slice(0, 8)}.ics"`,
      );
      res.send(body);
    }),
  );
  return router;
}
