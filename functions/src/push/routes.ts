import { textSchema, type AnswerOf } from '@brainboard/domain';
import { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { callerOf } from '../http/auth.ts';
import { badRequest, HttpError, notFound, route } from '../http/errors.ts';
import { parseBody } from '../http/validate.ts';
import { PUSH_NOT_SET_UP, type PushConfig } from './config.ts';
import { isAllowedPushEndpoint } from './endpoints.ts';
import type { PushSender } from './send.ts';
import {
  hasSubscription,
  listDevices,
  markTested,
  MAX_DEVICES,
  readSubscriptions,
  removeSubscription,
  saveSubscription,
} from './subscriptions.ts';

const DEVICE_NOT_FOUND = 'That device is not in your list.';
const ENDPOINT_REFUSED =
  'This browser offered a push service Brainboard cannot use. Use the calendar feed instead.';
const DEVICE_GONE =
  'This device no longer accepts reminders, so it was removed. Press "Remind me on this device" again on it.';
const TEST_NOT_SENT = 'The test reminder could not be sent. Please try again in a minute.';

const b64url = (field: string, bytes: number) =>
  z
    .string({ error: `${field} is required.` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${field} must be base64url.`)
    .refine(
      (v) => Buffer.from(v, 'base64url').length === bytes,
      `${field} must be ${bytes} bytes.`,
    );

const objectError = (what: string) => (issue: z.core.$ZodRawIssue) =>
  issue.code === 'unrecognized_keys'
    ? `Unknown field: ${String(issue.keys[0])}.`
    : `${what} must be an object.`;

/** The body of POST /api/push/subscriptions: PushSubscription.toJSON() and a device name. */
export const subscribeSchema = z.strictObject(
  {
    subscription: z.object(
      {
        // Not cleaned: an address is refused rather than changed (a lone surrogate too).
        endpoint: textSchema('subscription.endpoint', 2048, { clean: false }),
        expirationTime: z.number().nullable().optional(),
        keys: z.object(
          { p256dh: b64url('keys.p256dh', 65), auth: b64url('keys.auth', 16) },
          { error: 'subscription.keys must be an object.' },
        ),
      },
      { error: 'subscription must be an object.' },
    ),
    // The shared text rules (domain/src/safeText.ts): cleaned, blank when nothing is visible,
    // a lone surrogate refused with a sentence (Firestore cannot store one).
    device_name: textSchema('device_name', 60, { trim: true, required: true }),
  },
  { error: objectError('subscription request') },
);

const idParam = z.string().regex(/^[a-f0-9]{40}$/);

/** Devices that get reminders by Web Push: the VAPID key, subscribe, list, remove, test. */
export function pushRoutes(
  db: Firestore,
  config: PushConfig | null,
  send: PushSender | null,
): Router {
  const router = Router();
  const requireConfig = (): PushConfig => {
    if (!config) throw new HttpError(503, PUSH_NOT_SET_UP);
    return config;
  };

  router.get('/push/public-key', (_req, res) => {
    res.json({
      publicKey: requireConfig().publicKey,
    } satisfies AnswerOf<'GET /api/push/public-key'>);
  });

  router.get(
    '/push/subscriptions',
    route(async (req, res) => {
      const devices = await listDevices(db, callerOf(req).uid);
      res.json(devices satisfies AnswerOf<'GET /api/push/subscriptions'>);
    }),
  );

  router.post(
    '/push/subscriptions',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const cfg = requireConfig();
      const { subscription, device_name } = parseBody(subscribeSchema, req.body);
      if (!isAllowedPushEndpoint(subscription.endpoint, cfg.localEndpointBase)) {
        throw badRequest(ENDPOINT_REFUSED);
      }
      // The cap is checked in the transaction that adds the device (subscriptions.ts).
      const id = await saveSubscription(
        db,
        uid,
        { endpoint: subscription.endpoint, keys: subscription.keys, device_name },
        new Date(),
      );
      if (!id) throw badRequest(`You can have at most ${MAX_DEVICES} devices. Remove one first.`);
      res.status(201).json({ id } satisfies AnswerOf<'POST /api/push/subscriptions'>);
    }),
  );

  router.delete(
    '/push/subscriptions/:id',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const id = idParam.safeParse(req.params.id);
      if (!id.success) throw notFound(DEVICE_NOT_FOUND);
      if (!(await hasSubscription(db, uid, id.data))) throw notFound(DEVICE_NOT_FOUND);
      await removeSubscription(db, uid, id.data);
      res.json({ ok: true } satisfies AnswerOf<'DELETE /api/push/subscriptions/:id'>);
    }),
  );

  router.post(
    '/push/subscriptions/:id/test',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      requireConfig();
      const id = idParam.safeParse(req.params.id);
      if (!id.success) throw notFound(DEVICE_NOT_FOUND);
      const device = (await readSubscriptions(db, uid)).find((d) => d.id === id.data);
      if (!device || !send) throw notFound(DEVICE_NOT_FOUND);
      const outcome = await send(device, {
        title: 'Brainboard · reminders work on this device',
        body: 'This is how a reminder will look when an assignment is due.',
        tag: 'reminder-test',
        assignment_id: null,
        url: '/dashboard',
        action_url: '/api/reminders/action',
        tokens: {},
      });
      if (outcome === 'gone') {
        await removeSubscription(db, uid, device.id);
        throw new HttpError(410, DEVICE_GONE);
      }
      if (outcome === 'failed') throw new HttpError(503, TEST_NOT_SENT);
      await markTested(db, uid, device.id, new Date());
      res.json({ ok: true } satisfies AnswerOf<'POST /api/push/subscriptions/:id/test'>);
    }),
  );

  return router;
}
