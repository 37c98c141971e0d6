import { importBodySchema, type AnswerOf } from '@brainboard/domain';
import { Router, type Response } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { callerOf } from '../http/auth.ts';
import { armDeadline, DATABASE_DEADLINE_MS, liftDeadline } from '../http/deadline.ts';
import { HttpError, route } from '../http/errors.ts';
import { firestoreRateLimiter, type RateLimiter, type RateWindow } from '../http/rateLimit.ts';
import { parseBody } from '../http/validate.ts';
import { profileZone } from '../profile/profile.ts';
import { writeCsvExport, writeIcsExport, writeJsonExport, type Sink } from './exportStream.ts';
import { IMPORT_MAX_BYTES, importInto } from './importStore.ts';

/** Downloads: a student saving their data a few times stays well under it. */
const EXPORT_WINDOWS: RateWindow[] = [
  { limit: 5, seconds: 60 },
  { limit: 50, seconds: 86_400 },
];
/** Imports, previews included: each reads (and may write) up to 2,000 cards. */
const IMPORT_WINDOWS: RateWindow[] = [
  { limit: 10, seconds: 60 },
  { limit: 100, seconds: 86_400 },
];

const FORMATS = {
  json: { type: 'application/json; charset=utf-8', ext: 'json' },
  csv: { type: 'text/csv; charset=utf-8', ext: 'csv' },
  ics: { type: 'text/calendar; charset=utf-8', ext: 'ics' },
} as const;

const FORMAT_ERROR = 'format must be one of: json, csv, ics.';

/** Writes to the response, waiting when its buffer is full (the export never piles up). */
function responseSink(res: Response): Sink {
  return {
    write: (chunk) =>
      new Promise((resolve, reject) => {
        if (res.destroyed) {
          reject(new Error('The download was closed.'));
          return;
        }
        if (res.write(chunk)) resolve();
        else {
          res.once('drain', resolve);
          res.once('close', resolve);
        }
      }),
  };
}

async function limit(limiter: RateLimiter, uid: string, res: Response, what: string) {
  const decision = await limiter.hit(uid);
  if (!decision.ok) {
    res.set('Retry-After', String(decision.retryAfterSeconds));
    throw new HttpError(429, `You have ${what} often in a short time. Try again in a few minutes.`);
  }
}

/**
 * `GET /api/export?format=json|csv|ics` (an attachment, streamed) and `POST /api/import`
 * (docs/product.md, "Your data out, and in").
 */
export function dataRoutes(
  db: Firestore,
  appUrl: string,
  exportLimiter: RateLimiter = firestoreRateLimiter(db, EXPORT_WINDOWS, 'export'),
  importLimiter: RateLimiter = firestoreRateLimiter(db, IMPORT_WINDOWS, 'import'),
): Router {
  const router = Router();

  router.get(
    '/export',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const format = String(req.query.format ?? 'json');
      if (!(format in FORMATS)) throw new HttpError(400, FORMAT_ERROR);
      const kind = FORMATS[format as keyof typeof FORMATS];
      await limit(exportLimiter, uid, res, 'downloaded your data');
      const now = new Date();
      // Each database read keeps its own deadline; the download as a whole may take longer.
      liftDeadline(res);
      res.status(200);
      res.set('Content-Type', kind.type);
      res.set(
        'Content-Disposition',
        `attachment; filename="brainboard-${now.toISOString().slice(0, 10)}.${kind.ext}"`,
      );
      const sink = responseSink(res);
      try {
        if (format === 'json') await writeJsonExport(db, uid, sink, now);
        else if (format === 'csv') await writeCsvExport(db, uid, sink);
        else await writeIcsExport(db, uid, appUrl, sink, now);
      } catch (err) {
        // Half a file must not look whole: a download cut off fails in the browser.
        if (res.headersSent) {
          console.error('Export failed part way', err);
          res.destroy();
          return;
        }
        throw err;
      }
      res.end();
    }),
  );

  router.post(
    '/import',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const input = parseBody(importBodySchema, req.body);
      if (Buffer.byteLength(input.content, 'utf8') > IMPORT_MAX_BYTES) {
        throw new HttpError(
          413,
          'That file is larger than 5 MB. Split it into smaller files and import each one.',
        );
      }
      await limit(importLimiter, uid, res, 'imported');
      const profile = await db.collection('users').doc(uid).get();
      const report = await importInto(
        db,
        uid,
        { format: input.format, content: input.content, dryRun: input.dry_run ?? false },
        profileZone(profile.get('time_zone')),
        new Date(),
        // Each transaction of new cards has the database deadline of its own.
        () => armDeadline(res, DATABASE_DEADLINE_MS),
      );
      res.json(report satisfies AnswerOf<'POST /api/import'>);
    }),
  );

  return router;
}
