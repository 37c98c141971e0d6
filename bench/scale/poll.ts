/**
 * What an unchanged poll costs: `GET /api/assignments` with the ETag of the previous answer,
 * through the API itself (createApp, in this process, listening on a loopback port). Only the
 * ID token check is stood in for (no Auth emulator runs here): every token is taken as the
 * student it names, signed in an hour ago. Everything after it runs as in production,
 * including the sign-in-ended check every signed-in request makes, which reads the board
 * document whose stamp the ETag is (docs/decisions/0019-one-read-per-poll.md).
 */
import type { AddressInfo } from 'node:net';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { createApp } from '../../functions/src/app.ts';
import { readConfig } from '../../functions/src/config.ts';
import type { DocumentCounts } from './countingFirestore.ts';

export interface PollFigures {
  /** Documents the whole unchanged poll read (the sign-in check and the ETag included). */
  reads: number;
  /** The status of the unchanged poll (304 expected). */
  status: number;
}

const REQUEST_TIMEOUT_MS = 30_000;

export async function measurePoll(
  db: Firestore,
  uid: string,
  counts: () => Promise<DocumentCounts>,
): Promise<PollFigures> {
  const authTime = Math.floor(Date.now() / 1000) - 3600;
  const auth = {
    verifyIdToken: async (token: string) => ({ uid: token, auth_time: authTime, sub: token }),
  } as unknown as Auth;
  const app = createApp({ auth, db, config: readConfig() });
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  try {
    const poll = (etag?: string) =>
      fetch(`${base}/assignments`, {
        headers: { authorization: `Bearer ${uid}`, ...(etag ? { 'if-none-match': etag } : {}) },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    const first = await poll();
    await first.text();
    const etag = first.headers.get('etag') ?? '';
    if (first.status !== 200 || !etag) throw new Error(`The first poll answered ${first.status}`);
    const before = await counts();
    const again = await poll(etag);
    await again.text();
    const after = await counts();
    return { reads: after.reads - before.reads, status: again.status };
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
