import { readLocalStack } from '../localStack.ts';

/**
 * Web Push settings, read once from the environment. The VAPID private key is a secret in
 * production; the local stack sets fixed values and the push stand-in's base URL.
 */
export interface PushConfig {
  /** VAPID public key, base64url (an uncompressed P-256 point). */
  publicKey: string;
  /** VAPID private key, base64url (32 bytes). */
  privateKey: string;
  /** Contact for push services: a mailto: or https: URL. */
  subject: string;
  /** Endpoints under this URL are accepted besides the real push services (local stand-in). */
  localEndpointBase: string | null;
}

export function readPushConfig(env: NodeJS.ProcessEnv = process.env): PushConfig | null {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (!publicKey || !privateKey) return null;
  const { pushStandinBase } = readLocalStack(env);
  return {
    publicKey,
    privateKey,
    subject: env.VAPID_SUBJECT?.trim() || 'mailto:reminders@brainboard.app',
    localEndpointBase: pushStandinBase,
  };
}

export const PUSH_NOT_SET_UP =
  'Reminders on this device are not set up on this server yet. Use the calendar feed instead.';
