import type { AnswerOf } from '@brainboard/domain';
import express, { type RequestHandler } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { readGoogleConfig } from './auth/config.ts';
import type { ServerConfig } from './config.ts';
import { requireUser } from './http/auth.ts';
import { readBody, type BodyLimitFor } from './http/body.ts';
import { requireCsrf } from './http/csrf.ts';
import {
  DATABASE_UNAVAILABLE,
  databaseReachable,
  requestDeadline,
  RETRY_AFTER_SECONDS,
} from './http/deadline.ts';
import { errorHandler, HttpError, notFoundHandler } from './http/errors.ts';
import { refuseUnsafePathSegments } from './http/ids.ts';
import { aiRoutes } from './ai/routes.ts';
import { assignmentRoutes } from './assignments/routes.ts';
import { recurrenceRoutes } from './recurrence/routes.ts';
import { attachedFileRoutes, filesRoutes } from './attachments/routes.ts';
import { lmsRoutes } from './lms/routes.ts';
import { planRoutes } from './plan/routes.ts';
import { captureRoutes } from './capture/routes.ts';
import { syllabusRoutes } from './syllabus/routes.ts';
import { lmsFetchOptions } from './lms/schedule.ts';
import { focusRoutes } from './focus/routes.ts';
import { authRoutes, grantRoutes, sessionRoutes, userRoutes } from './users/routes.ts';
import { calendarRoutes } from './calendar/routes.ts';
import { calendarFeedRoutes, publicCalendarFeedRoutes } from './calendarFeed/routes.ts';
import { readPushConfig } from './push/config.ts';
import { pushRoutes } from './push/routes.ts';
import { webPushSender } from './push/send.ts';
import { actionKey } from './reminders/actionToken.ts';
import { reminderActionRoutes } from './reminders/routes.ts';
import { csrfTokenOf } from './profile/profile.ts';
import { signInEnded } from './users/signins.ts';
import { shareRoutes } from './shares/routes.ts';
import { dataRoutes } from './export/routes.ts';

export interface AppDeps {
  auth: Auth;
  db: Firestore;
  config: ServerConfig;
}

/** The notification buttons' route takes a token of at most 1 KB: 4 KB is plenty. */
const ACTION_BODY_LIMIT = 4 * 1024;
/**
 * A PDF upload (at most 20 MB, plus the multipart framing) is read whole by the upload route,
 * which answers a file over 20 MB by its name; 32 MB is the most Cloud Run passes on at all.
 */
const UPLOAD_BODY_LIMIT = 32 * 1024 * 1024;

/** An import file is at most 5 MB; as a JSON string its quotes and line breaks are escaped. */
const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * The body limit of each route (docs/product.md, Limits), checked before a byte of the body is
 * read: the function's entry point gives it to `readBodiesFirst`, the app to `readBody`.
 */
export function bodyLimitFor(config: ServerConfig): BodyLimitFor {
  return (path) => {
    if (path === '/reminders/action') return ACTION_BODY_LIMIT;
    if (path === '/upload-pdf') return UPLOAD_BODY_LIMIT;
    if (path === '/import') return IMPORT_BODY_LIMIT;
    return config.jsonBodyLimit;
  };
}

/** Refuses bodies that are not JSON on routes that take JSON. */
const requireJsonBody: RequestHandler = (req, _res, next) => {
  const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding');
  if (hasBody && !req.is('application/json')) {
    return next(
      new HttpError(415, 'Send the request body as JSON (Content-Type: application/json).'),
    );
  }
  next();
};

function cors(origins: string[]): RequestHandler {
  return (req, res, next) => {
    const origin = req.get('origin');
    if (origin && origins.includes(origin)) {
      res.set('Access-Control-Allow-Origin', origin);
      res.set('Vary', 'Origin');
      res.set('Access-Control-Allow-Credentials', 'true');
      res.set(
        'Access-Control-Allow-Headers',
        'Authorization, Content-Type, X-CSRF-Token, If-None-Match',
      );
      res.set('Access-Control-Expose-Headers', 'ETag, Retry-After');
      res.set('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
    }
    if (req.method === 'OPTIONS') {
      res.status(204).end();
      return;
    }
    next();
  };
}

const securityHeaders: RequestHandler = (_req, res, next) => {
  res.set('X-Content-Type-Options', 'nosniff');
  res.set('X-Frame-Options', 'DENY');
  res.set('Referrer-Policy', 'no-referrer');
  res.set('Cache-Control', 'no-store');
  next();
};

/**
 * The `/api` contract (docs/architecture.md). Mounted at `/api` (what Hosting's rewrite
 * passes on) and at the root (what the function's own URL receives).
 */
export function createApp({ auth, db, config }: AppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', true);

  const api = express.Router();
  api.use(securityHeaders);
  api.use(cors(config.corsOrigins));
  api.use(requestDeadline());
  api.use(refuseUnsafePathSegments);
  // Every body is read here (or, in Cloud Functions, before the platform's own parser: see
  // http/body.ts) with its route's limit; what could not be read is answered as a sentence.
  api.use(readBody(bodyLimitFor(config)));
  api.get('/health', async (_req, res) => {
    if (await databaseReachable(db)) {
      res.json({ ok: true, database: 'reachable' } satisfies AnswerOf<'GET /api/health'>);
      return;
    }
    res.set('Retry-After', String(RETRY_AFTER_SECONDS));
    res.status(503).json({
      ok: false,
      database: 'unreachable',
      error: DATABASE_UNAVAILABLE,
    } satisfies AnswerOf<'GET /api/health'>);
  });
  const google = readGoogleConfig();
  api.use(authRoutes(db, google));
  const push = readPushConfig();
  // A notification's buttons and calendar apps have no sign-in: a signed token is their authority.
  api.use(reminderActionRoutes(db, push ? actionKey(push.privateKey) : null));
  api.use(publicCalendarFeedRoutes(db, google.appUrl));
  api.use(requireUser(auth, (uid, authTime, req) => signInEnded(db, uid, authTime, req)));
  // POST /api/upload-pdf reads its multipart body from `rawBody` and checks CSRF itself.
  api.use(filesRoutes(db));
  api.use(requireJsonBody);
  api.use(requireCsrf((uid) => csrfTokenOf(db, uid)));

  api.use(sessionRoutes(db));
  api.use(grantRoutes(db, google));
  api.use(userRoutes(auth, db));
  api.use(assignmentRoutes(db));
  api.use(attachedFileRoutes(db));
  api.use(recurrenceRoutes(db));
  api.use(calendarRoutes(db, google));
  api.use(focusRoutes(db));
  api.use(aiRoutes(db));
  const pushSender = push ? webPushSender(push) : null;
  api.use(pushRoutes(db, push, pushSender));
  api.use(calendarFeedRoutes(db, google.appUrl));
  api.use(lmsRoutes(db, lmsFetchOptions()));
  api.use(planRoutes(db, google));
  api.use(captureRoutes(db));
  api.use(syllabusRoutes(db));
  api.use(shareRoutes(db, google.appUrl, pushSender));
  api.use(dataRoutes(db, google.appUrl));

  api.use(notFoundHandler);

  app.use('/api', api);
  app.use('/', api);
  app.use(errorHandler);
  return app;
}
