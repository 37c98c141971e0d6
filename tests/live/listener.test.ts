import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import type { Assignment } from '@brainboard/domain';
import type { FirestoreServer as LiteFirestoreServer } from '@firestore-emulator/server';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectFirestoreEmulator,
  getFirestore,
  terminate,
  type Firestore,
} from 'firebase/firestore';
import { deleteApp as deleteAdminApp, initializeApp as initializeAdmin } from 'firebase-admin/app';
import { FieldPath, FieldValue, getFirestore as getAdminFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The app's Auth setup is for browsers; these tests bring their own Firestore and source.
vi.mock('../../web/src/firebase/firebase.ts', () => ({ auth: {}, firebaseApp: {} }));

/**
 * The web modules under test, loaded at run time: their own types need the browser's library
 * (DOM, Vite's import.meta.env), which this Node project does not load, so their shape is
 * stated here.
 */
interface LiveHandlers {
  onList(assignments: Assignment[], fromServer: boolean): void;
  onError(err: Error): void;
}
interface Update {
  assignments: Assignment[];
  requestedAt: number;
  kind: 'poll' | 'live';
}
interface Subscription {
  (): void;
  refresh(): void;
}
interface SubscribeOptions {
  live?: () => Promise<{ listen(uid: string, handlers: LiveHandlers): () => void } | null>;
  api?: PollingClient;
  intervalMs?: number;
  connectTimeoutMs?: number;
}
/** The web app's API client, as far as polling uses it. */
interface PollingClient {
  conditionalGet(
    path: string,
    etag: string | null,
    init?: { signal?: AbortSignal },
  ): Promise<unknown>;
}
const DATA = new URL('../../web/src/data/', import.meta.url).pathname;
const { createApiClient } = (await import(
  /* @vite-ignore */ new URL('../../web/src/data/api/client.ts', import.meta.url).pathname
)) as {
  createApiClient(options: {
    baseUrl: string;
    getIdToken(): Promise<string | null>;
    fetch: typeof fetch;
  }): PollingClient;
};
const { listenToAssignments } = (await import(/* @vite-ignore */ `${DATA}liveAssignments.ts`)) as {
  listenToAssignments(db: Firestore, uid: string, handlers: LiveHandlers): () => void;
};
const { subscribeToAssignments } = (await import(
  /* @vite-ignore */ `${DATA}subscribeToAssignments.ts`
)) as {
  subscribeToAssignments(
    uid: string,
    listener: (u: Update) => boolean | void,
    options: SubscribeOptions,
  ): Subscription;
};

/**
 * The board's live listener through the Firebase JS SDK's Node build, which speaks gRPC to the
 * lite Firestore (@firestore-emulator/server) started here on a free port; another writer is
 * firebase-admin, as the API is. A listener that fails or never reaches the server makes the
 * board poll instead, at once.
 */

const require = createRequire(import.meta.url);
const PROJECT = 'demo-brainboard-listener';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let lite: LiteFirestoreServer;
let port: number;
let admin: ReturnType<typeof getAdminFirestore>;
let adminApp: ReturnType<typeof initializeAdmin>;
const apps: FirebaseApp[] = [];
const savedHost = process.env.FIRESTORE_EMULATOR_HOST;

/** A web-SDK Firestore as the browser gets it, pointed at `at`. */
function webFirestore(at: number) {
  const app = initializeApp(
    { projectId: PROJECT, apiKey: 'demo-key', appId: 'demo-app' },
    `listener-${apps.length}`,
  );
  apps.push(app);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, '127.0.0.1', at);
  return db;
}

beforeAll(async () => {
  const { FirestoreServer } = require('@firestore-emulator/server') as {
    FirestoreServer: typeof LiteFirestoreServer;
  };
  port = await freePort();
  lite = new FirestoreServer();
  await lite.start(port);
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
  adminApp = initializeAdmin({ projectId: PROJECT }, 'listener-admin');
  admin = getAdminFirestore(adminApp);
});

afterAll(async () => {
  for (const app of apps) {
    await terminate(getFirestore(app));
    await deleteApp(app);
  }
  await deleteAdminApp(adminApp);
  lite?.stop();
  if (savedHost === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
  else process.env.FIRESTORE_EMULATOR_HOST = savedHost;
});

/** Collects what the listener delivers; `latest()` is the newest list. */
function collector() {
  const lists: Assignment[][] = [];
  const errors: Error[] = [];
  return {
    lists,
    errors,
    latest: () => lists.at(-1),
    handlers: {
      onList: (list: Assignment[], fromServer: boolean) => {
        if (fromServer) lists.push(list);
      },
      onError: (err: Error) => errors.push(err),
    },
  };
}

const doc = (uid: string, id: string) => admin.doc(`users/${uid}/assignments/${id}`);
const stored = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: '',
  due_date: '',
  status: 'new',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  version: 1,
  ...extra,
});
const summary = (list: Assignment[] | undefined) =>
  (list ?? []).map((a) => `${a.id}:${a.title}:${a.rank}`);

describe('the live assignment listener (Firebase JS SDK, Node build, lite Firestore)', () => {
  it('delivers the first snapshot in board order, including a document without rank', async () => {
    const uid = `first-${Date.now()}`;
    await doc(uid, 'b').set(stored('Second', { rank: 5 }));
    await doc(uid, 'a').set(stored('No rank'));
    await doc(uid, 'c').set(stored('First', { rank: -3 }));
    await admin.doc(`users/other-${uid}/assignments/x`).set(stored('Not mine', { rank: 1 }));
    const seen = collector();
    const stop = listenToAssignments(webFirestore(port), uid, seen.handlers);
    await expect
      .poll(() => summary(seen.latest()), { timeout: 5_000 })
      .toEqual(['c:First:-3', 'a:No rank:0', 'b:Second:5']);
    expect(seen.errors).toEqual([]);
    stop();
  });

  it('shows a change by another writer within 2 s, and removed entries and documents', async () => {
    const uid = `change-${Date.now()}`;
    await doc(uid, 'a').set(
      stored('Essay', {
        rank: 1,
        subtasks: {
          s1: { title: 'Outline', completed: false, order: 0, created_date: '2026-11-20' },
          s2: { title: 'Draft', completed: false, order: 1, created_date: '2026-11-20' },
        },
      }),
    );
    await doc(uid, 'b').set(stored('Quiz', { rank: 2 }));
    const seen = collector();
    const stop = listenToAssignments(webFirestore(port), uid, seen.handlers);
    await expect.poll(() => seen.lists.length, { timeout: 5_000 }).toBeGreaterThan(0);

    await doc(uid, 'a').update({ title: 'Essay on bees', version: FieldValue.increment(1) });
    await expect
      .poll(() => seen.latest()?.[0]?.title, { timeout: 2_000, interval: 20 })
      .toBe('Essay on bees');

    await doc(uid, 'a').update(new FieldPath('subtasks', 's1'), FieldValue.delete());
    await expect
      .poll(() => seen.latest()?.[0]?.subtasks.map((s) => s.id), { timeout: 2_000, interval: 20 })
      .toEqual(['s2']);

    await doc(uid, 'b').delete();
    await expect
      .poll(() => summary(seen.latest()), { timeout: 2_000, interval: 20 })
      .toEqual(['a:Essay on bees:1']);
    expect(seen.errors).toEqual([]);
    stop();
  });
});

describe('subscribeToAssignments falls back to polling at runtime', () => {
  /** A client whose stand-in for GET /api/assignments answers `list`. */
  function pollSource(list: Assignment[]) {
    const calls: string[] = [];
    return {
      calls,
      client: createApiClient({
        baseUrl: 'http://api.invalid',
        getIdToken: async () => 'token',
        fetch: (async (url: string | URL | Request) => {
          calls.push(String(url));
          return new Response(JSON.stringify(list), { status: 200, headers: { ETag: '"v1"' } });
        }) as typeof fetch,
      }),
    };
  }
  const polled = [{ id: 'p1', title: 'From the API', rank: 0 } as Assignment];
  /** The board's own warnings (the SDK logs its retries too). */
  const ours = (warn: { mock: { calls: unknown[][] } }) =>
    warn.mock.calls.filter((c) => String(c[0]).startsWith('Brainboard:'));
  /**
   * The board subscribed to the live listener of the Firestore at `port`, with polling (of
   * `polled`) as its fallback and the console's warnings caught; `stop` ends both.
   */
  const subscribeWithFallback = (port: number, options: { connectTimeoutMs?: number } = {}) => {
    const updates: Update[] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const api = pollSource(polled);
    const unsubscribe = subscribeToAssignments('u1', (u) => void updates.push(u), {
      live: async () => ({
        listen: (uid, handlers) => listenToAssignments(webFirestore(port), uid, handlers),
      }),
      api: api.client,
      intervalMs: 60_000,
      ...options,
    });
    const stop = () => {
      unsubscribe();
      warn.mockRestore();
    };
    return { updates, warn, api, stop };
  };

  it('when the listener fails (permission denied)', async () => {
    const denied = await denyingFirestore();
    const { updates, warn, api, stop } = subscribeWithFallback(denied.port);
    await expect.poll(() => updates.map((u) => u.kind), { timeout: 10_000 }).toEqual(['poll']);
    expect(updates[0]?.assignments).toEqual(polled);
    expect(api.calls).toEqual(['http://api.invalid/api/assignments']);
    expect(String(ours(warn)[0]?.[1])).toMatch(/permission/i);
    stop();
    denied.stop();
  });

  it('when the listener never reaches the server (a blocked channel)', async () => {
    const closed = await freePort();
    const { updates, warn, stop } = subscribeWithFallback(closed, { connectTimeoutMs: 500 });
    await expect.poll(() => updates.map((u) => u.kind), { timeout: 5_000 }).toEqual(['poll']);
    expect(String(ours(warn)[0]?.[1])).toMatch(/did not reach the server/);
    stop();
  });

  it('stays live while the listener works', async () => {
    const uid = `stays-${Date.now()}`;
    await doc(uid, 'a').set(stored('Live card', { rank: 0 }));
    const updates: Update[] = [];
    const api = pollSource(polled);
    const stop = subscribeToAssignments(uid, (u) => void updates.push(u), {
      live: async () => ({
        listen: (id, handlers) => listenToAssignments(webFirestore(port), id, handlers),
      }),
      api: api.client,
      intervalMs: 60_000,
      connectTimeoutMs: 5_000,
    });
    await expect
      .poll(() => updates.at(-1)?.assignments[0]?.title, { timeout: 5_000 })
      .toBe('Live card');
    expect(updates.every((u) => u.kind === 'live')).toBe(true);
    expect(api.calls).toEqual([]);
    stop();
  });
});

/**
 * A gRPC server that speaks Firestore's service and refuses every listen with
 * PERMISSION_DENIED, as Firestore does when the security rules refuse a query.
 */
async function denyingFirestore(): Promise<{ port: number; stop(): void }> {
  const grpc = require('@grpc/grpc-js') as {
    Server: new () => {
      addService(definition: unknown, impl: Record<string, unknown>): void;
      bindAsync(address: string, creds: unknown, done: (err: Error | null) => void): void;
      forceShutdown(): void;
    };
    ServerCredentials: { createInsecure(): unknown };
    status: { PERMISSION_DENIED: number };
  };
  const { UnimplementedFirestoreService, ListenResponse } =
    require('@firestore-emulator/proto/dist/google/firestore/v1/firestore') as {
      UnimplementedFirestoreService: { definition: unknown };
      ListenResponse: { fromObject(o: unknown): unknown };
    };
  const REMOVE = 2;
  const server = new grpc.Server();
  server.addService(UnimplementedFirestoreService.definition, {
    Listen(call: {
      on(event: 'data', fn: (req: { add_target?: { target_id: number } }) => void): void;
      write(res: unknown): void;
    }) {
      call.on('data', (req) => {
        if (!req.add_target) return;
        call.write(
          ListenResponse.fromObject({
            target_change: {
              target_change_type: REMOVE,
              target_ids: [req.add_target.target_id],
              cause: {
                code: grpc.status.PERMISSION_DENIED,
                message: 'Missing or insufficient permissions.',
              },
            },
          }),
        );
      });
    },
  });
  const at = await freePort();
  await new Promise<void>((resolve, reject) =>
    server.bindAsync(`127.0.0.1:${at}`, grpc.ServerCredentials.createInsecure(), (err) =>
      err ? reject(err) : resolve(),
    ),
  );
  return { port: at, stop: () => server.forceShutdown() };
}
