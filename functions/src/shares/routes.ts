import {
  cheerSchema,
  shareAcceptSchema,
  shareCreateSchema,
  sharePatchSchema,
  type AnswerOf,
} from '@brainboard/domain';
import { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { callerOf } from '../http/auth.ts';
import { route } from '../http/errors.ts';
import { parseBody } from '../http/validate.ts';
import type { PushSender } from '../push/send.ts';
import { pushCheer } from './cheerPush.ts';
import {
  acceptShare,
  cheersFor,
  createShare,
  dismissCheer,
  endShare,
  listShares,
  sendCheer,
  sharedBoardIfChanged,
  sharedWith,
  updateShare,
} from './store.ts';

/** The page of the web app that opens an invitation; the token is its last path segment. */
const inviteUrl = (appUrl: string, token: string) => `${appUrl}/supporter/${token}`;

/**
 * Sharing a board with a supporter (docs/product.md, "Someone in your corner"): the student's
 * side (`/shares`, `/cheers`) and the supporter's (`/shared`). Every supporter read is checked
 * against its share and projected here; the database rules stay the student's own.
 */
export function shareRoutes(db: Firestore, appUrl: string, send: PushSender | null): Router {
  const router = Router();

  router.post(
    '/shares',
    route(async (req, res) => {
      const input = parseBody(shareCreateSchema, req.body);
      const { id, token } = await createShare(db, callerOf(req).uid, input, new Date());
      res.status(201).json({
        id,
        url: inviteUrl(appUrl, token),
      } satisfies AnswerOf<'POST /api/shares'>);
    }),
  );

  router.get(
    '/shares',
    route(async (req, res) => {
      const list = await listShares(db, callerOf(req).uid);
      res.json({ shares: list } satisfies AnswerOf<'GET /api/shares'>);
    }),
  );

  router.patch(
    '/shares/:id',
    route(async (req, res) => {
      const changes = parseBody(sharePatchSchema, req.body);
      const share = await updateShare(db, callerOf(req).uid, String(req.params.id), changes);
      res.json(share satisfies AnswerOf<'PATCH /api/shares/:id'>);
    }),
  );

  router.delete(
    '/shares/:id',
    route(async (req, res) => {
      await endShare(db, callerOf(req).uid, String(req.params.id), new Date());
      res.json({ ok: true } satisfies AnswerOf<'DELETE /api/shares/:id'>);
    }),
  );

  router.get(
    '/cheers',
    route(async (req, res) => {
      const cheers = await cheersFor(db, callerOf(req).uid, new Date());
      res.json({ cheers } satisfies AnswerOf<'GET /api/cheers'>);
    }),
  );

  router.delete(
    '/cheers/:id',
    route(async (req, res) => {
      await dismissCheer(db, callerOf(req).uid, String(req.params.id));
      res.json({ ok: true } satisfies AnswerOf<'DELETE /api/cheers/:id'>);
    }),
  );

  router.post(
    '/shared/accept',
    route(async (req, res) => {
      const { token } = parseBody(shareAcceptSchema, req.body);
      const caller = callerOf(req);
      const board = await acceptShare(
        db,
        {
          uid: caller.uid,
          name: typeof caller.name === 'string' ? caller.name : null,
          email: caller.email ?? null,
        },
        token,
        new Date(),
      );
      res.json(board satisfies AnswerOf<'POST /api/shared/accept'>);
    }),
  );

  router.get(
    '/shared',
    route(async (req, res) => {
      const boards = await sharedWith(db, callerOf(req).uid);
      res.json({ boards } satisfies AnswerOf<'GET /api/shared'>);
    }),
  );

  router.get(
    '/shared/:id/board',
    route(async (req, res) => {
      // A supporter's view polls: an unchanged board answers 304 for two document reads.
      const { board, etag } = await sharedBoardIfChanged(
        db,
        callerOf(req).uid,
        String(req.params.id),
        new Date(),
        req.get('if-none-match'),
      );
      if (etag) res.set('ETag', etag);
      if (!board) {
        res.status(304).end();
        return;
      }
      res.json(board satisfies AnswerOf<'GET /api/shared/:id/board'>);
    }),
  );

  router.post(
    '/shared/:id/cheers',
    route(async (req, res) => {
      const { text } = parseBody(cheerSchema, req.body);
      const { student_uid, ...cheer } = await sendCheer(
        db,
        callerOf(req).uid,
        String(req.params.id),
        text,
        new Date(),
      );
      // The note on the board is there already; a push is a bonus that never fails the cheer.
      if (send) {
        await pushCheer(db, send, student_uid, cheer).catch((err: unknown) =>
          console.warn('A cheer was saved; pushing it failed', (err as Error)?.message),
        );
      }
      res.status(201).json(cheer satisfies AnswerOf<'POST /api/shared/:id/cheers'>);
    }),
  );

  return router;
}
