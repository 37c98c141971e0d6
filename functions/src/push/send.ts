import webpush, { WebPushError } from 'web-push';
import type { PushConfig } from './config.ts';
import { isAllowedPushEndpoint } from './endpoints.ts';
import type { StoredSubscription } from './subscriptions.ts';

/** sent: accepted by the push service; gone: the subscription no longer exists; failed: retry later. */
type PushOutcome = 'sent' | 'gone' | 'failed';

/** How long a push service gets to answer. */
const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps an undelivered reminder for an offline device. */
const PUSH_TTL_SECONDS = 3600;

export type PushSender = (
  subscription: Pick<StoredSubscription, 'endpoint' | 'keys'>,
  payload: unknown,
) => Promise<PushOutcome>;

/**
 * Sends one encrypted message (aes128gcm, VAPID) with `web-push`. A push service answering
 * 404 or 410 means the subscription is gone; anything else that fails can be retried.
 */
export function webPushSender(config: PushConfig): PushSender {
  return async (subscription, payload) => {
    if (!isAllowedPushEndpoint(subscription.endpoint, config.localEndpointBase)) return 'gone';
    try {
      const sending = webpush.sendNotification(subscription, JSON.stringify(payload), {
        vapidDetails: {
          subject: config.subject,
          publicKey: config.publicKey,
          privateKey: config.privateKey,
        },
        TTL: PUSH_TTL_SECONDS,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
        timeout: PUSH_TIMEOUT_MS,
      });
      // The socket timeout covers silence only; this bounds the whole exchange.
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('push deadline passed')), PUSH_TIMEOUT_MS);
      });
      try {
        await Promise.race([sending, deadline]);
      } finally {
        clearTimeout(timer);
      }
      return 'sent';
    } catch (err) {
      if (err instanceof WebPushError && (err.statusCode === 404 || err.statusCode === 410)) {
        return 'gone';
      }
      console.warn(
        'A push service refused a reminder',
        err instanceof WebPushError ? err.statusCode : (err as Error).message,
      );
      return 'failed';
    }
  };
}
