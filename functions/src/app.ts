import type { AnswerOf } from '@brainboard/domain';
import express, { type RequestHandler } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { readGoogleConfig } from './auth/config.ts';
import type { ServerConfig } from './config.ts';
import { requireUser } from './http/auth.ts';
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
import { attachedFileRoutes, filesRoutes } from './files/routes.ts';
import { lmsRoutes } from './lms/routes.ts';
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
import { csrfTokenOf } from './users/profile.ts';
import { signInEnded } from './users/signins.ts';

export interface AppDeps {
  auth: Auth;
  db: Firestore;
  config: ServerConfig;
}

/** Cloud Functions parse bodies before our code runs; cap them by their raw size. */
function capBodySize(limit: number): RequestHandler {
  return (req, _res, next) => {
    const raw = (req as { rawBody?: Buffer }).rawBody;
    const declared = Number(req.get('content-length') ?? 0);
    const size = raw?.length ?? declared;
    if (size > limit)
      return next(new HttpError(413, 'The request is too large. The limit is 1 MB.'));
    next();
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
  api.use(requireUser(auth, (uid, authTime) => signInEnded(db, uid, authTime)));
  // POST /api/upload-pdf reads its own multipart body (up to 20 MB) and checks CSRF itself.
  api.use(filesRoutes(db));
  api.use(capBodySize(config.jsonBodyLimit));
  api.use(requireJsonBody);
  api.use(express.json({ limit: config.jsonBodyLimit }));
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
  api.use(pushRoutes(db, push, push ? webPushSender(push) : null));
  api.use(calendarFeedRoutes(db, google.appUrl));
  api.use(lmsRoutes(db, lmsFetchOptions()));

  api.use(notFoundHandler);

  app.use('/api', api);
  app.use('/', api);
  app.use(errorHandler);
  return app;
}
