import type { BodyOf, EndpointKey } from '@brainboard/domain';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  chatBodySchema,
  deepDiveBodySchema,
  saveChatBodySchema,
  suggestBodySchema,
} from './ai/schemas.ts';
import { createApp } from './app.ts';
import { readConfig } from './config.ts';
import { SWITCHES } from './localStack.ts';
import { focusEventSchema } from './focus/sessions.ts';
import { declaredRoutes } from './http/declaredRoutes.ts';
import { urlBody } from './lms/routes.ts';
import { subscribeSchema } from './push/routes.ts';
import { actionBody } from './reminders/routes.ts';

/**
 * The typed contract in `domain` (what the web app calls) against what the server does: the
 * routes its router declares, and the body schemas it validates with.
 */

/** Every key of the contract. The type checks below fail when one is missing or extra. */
const CONTRACT = [
  'GET /api/health',
  'GET /api/session',
  'POST /api/auth/logout',
  'POST /api/auth/google/grant',
  'PATCH /api/user/:id',
  'DELETE /api/user/:id',
  'POST /api/acceptance',
  'GET /api/assignments',
  'GET /api/assignment/:id',
  'POST /api/assignment',
  'PATCH /api/assignment',
  'DELETE /api/assignment',
  'POST /api/assignment/:id/skip',
  'POST /api/assignment/:id/subtasks',
  'PATCH /api/assignment/:id/subtasks/:subtaskId',
  'DELETE /api/assignment/:id/subtasks/:subtaskId',
  'POST /api/assignment/:id/notes',
  'PATCH /api/assignment/:id/notes/:noteId',
  'DELETE /api/assignment/:id/notes/:noteId',
  'POST /api/upload-pdf',
  'GET /api/assignment/:id/files',
  'DELETE /api/assignment/:id/files/:fileId',
  'POST /api/assignment/:id/save-to-calendar',
  'GET /api/tasks/next-due',
  'POST /api/focus/complete',
  'GET /api/focus/next',
  'POST /api/assignment/:id/focus-sessions',
  'GET /api/what-now',
  'POST /api/ai-help-chat',
  'POST /api/ai-idea-chat',
  'GET /api/ai-help-load',
  'POST /api/ai-help-save',
  'POST /api/ai-suggest-subtasks',
  'POST /api/ai-deep-dive',
  'POST /api/lms-feeds/preview',
  'POST /api/lms-feeds',
  'GET /api/lms-feeds',
  'POST /api/lms-feeds/:id/sync',
  'DELETE /api/lms-feeds/:id',
  'POST /api/capture/parse',
  'POST /api/syllabus/preview',
  'POST /api/syllabus/import',
  'GET /api/push/public-key',
  'GET /api/push/subscriptions',
  'POST /api/push/subscriptions',
  'DELETE /api/push/subscriptions/:id',
  'POST /api/push/subscriptions/:id/test',
  'POST /api/reminders/action',
  'GET /api/calendar-feed',
  'POST /api/calendar-feed/rotate',
  'POST /api/plan/preview',
  'GET /api/plan',
  'PUT /api/plan',
  'PATCH /api/plan/sessions/:id',
  'DELETE /api/plan/sessions/:id',
  'POST /api/plan/calendar',
  'DELETE /api/plan/calendar',
  'POST /api/shares',
  'GET /api/shares',
  'PATCH /api/shares/:id',
  'DELETE /api/shares/:id',
  'GET /api/cheers',
  'DELETE /api/cheers/:id',
  'POST /api/shared/accept',
  'GET /api/shared',
  'GET /api/shared/:id/board',
  'POST /api/shared/:id/cheers',
  'POST /api/import',
] as const satisfies readonly EndpointKey[];

/** Routes that are not JSON endpoints: browser navigations and what calendar apps read. */
const NOT_IN_CONTRACT = [
  'GET /api/auth/google',
  'GET /api/auth/google/callback',
  'GET /api/auth/google/emulator',
  'GET /api/calendar-feed/:file',
  'GET /api/export',
];

/** Path ids compared by position, not by name (":sid" on the server is ":subtaskId" here). */
const shape = (route: string) => route.replace(/:\w+/g, ':');

/**
 * True when a body the contract lets the web app send is one the server's schema accepts, and
 * what the schema accepts is a body the contract allows.
 */
type Agrees<K extends EndpointKey, S extends z.ZodType> = [BodyOf<K>] extends [z.output<S>]
  ? [z.output<S>] extends [BodyOf<K>]
    ? true
    : false
  : false;

/**
 * The app as it runs in production: without the local stack's switches, which a whole test run
 * leaves in this process's environment (the integration suites' stack sets them), and which the
 * server refuses outside the emulator.
 */
function productionApp() {
  const saved = Object.fromEntries(SWITCHES.map((name) => [name, process.env[name]]));
  for (const name of SWITCHES) delete process.env[name];
  try {
    return createApp({ auth: {} as Auth, db: {} as Firestore, config: readConfig() });
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value !== undefined) process.env[name] = value;
    }
  }
}

describe('the typed contract', () => {
  it('lists every key of the contract type once', () => {
    expectTypeOf<(typeof CONTRACT)[number]>().toEqualTypeOf<EndpointKey>();
    expect(new Set(CONTRACT).size).toBe(CONTRACT.length);
  });

  it('names every JSON route the server declares, and no route it does not', () => {
    const app = productionApp();
    const served = declaredRoutes(app)
      .filter((r) => !NOT_IN_CONTRACT.includes(r))
      .map(shape);
    expect([...CONTRACT].map(shape).sort()).toEqual(served);
  });

  it('types each body the way the server validates it', () => {
    expectTypeOf<Agrees<'POST /api/ai-help-chat', typeof chatBodySchema>>().toEqualTypeOf<true>();
    expectTypeOf<Agrees<'POST /api/ai-idea-chat', typeof chatBodySchema>>().toEqualTypeOf<true>();
    expectTypeOf<
      Agrees<'POST /api/ai-help-save', typeof saveChatBodySchema>
    >().toEqualTypeOf<true>();
    expectTypeOf<
      Agrees<'POST /api/ai-suggest-subtasks', typeof suggestBodySchema>
    >().toEqualTypeOf<true>();
    expectTypeOf<
      Agrees<'POST /api/ai-deep-dive', typeof deepDiveBodySchema>
    >().toEqualTypeOf<true>();
    expectTypeOf<
      Agrees<'POST /api/assignment/:id/focus-sessions', typeof focusEventSchema>
    >().toEqualTypeOf<true>();
    expectTypeOf<Agrees<'POST /api/lms-feeds/preview', typeof urlBody>>().toEqualTypeOf<true>();
    expectTypeOf<Agrees<'POST /api/lms-feeds', typeof urlBody>>().toEqualTypeOf<true>();
    expectTypeOf<
      Agrees<'POST /api/push/subscriptions', typeof subscribeSchema>
    >().toEqualTypeOf<true>();
    expectTypeOf<Agrees<'POST /api/reminders/action', typeof actionBody>>().toEqualTypeOf<true>();
    // The other bodies are typed from the schemas in `domain` that the server validates with.
  });

  it('accepts a body the contract types for each of those endpoints', () => {
    const refused: string[] = [];
    /** Parses one body typed by the contract for `key` with the server's schema. */
    const send = <K extends EndpointKey>(key: K, schema: z.ZodType, body: BodyOf<K>) => {
      const error = schema.safeParse(body).error;
      if (error) refused.push(`${key}: ${error.message}`);
    };
    send('POST /api/ai-help-chat', chatBodySchema, {
      prompt: 'Help',
      messages: [{ role: 'user', content: 'Hi' }],
    });
    send('POST /api/ai-help-save', saveChatBodySchema, {
      assignment_id: 'a1',
      messages: [{ role: 'assistant', content: 'Hi' }],
    });
    send('POST /api/ai-suggest-subtasks', suggestBodySchema, { prompt: 'Essay', file_id: 'f1' });
    send('POST /api/ai-deep-dive', deepDiveBodySchema, {
      assignment_id: 'a1',
      prompt: 'Essay',
      feature: 'Trend Spotter',
    });
    send('POST /api/assignment/:id/focus-sessions', focusEventSchema, {
      session_id: 'focus-1',
      event: 'start',
    });
    send('POST /api/lms-feeds', urlBody, { url: 'https://school.example/feed.ics' });
    send('POST /api/push/subscriptions', subscribeSchema, {
      subscription: {
        endpoint: 'https://push.example/1',
        keys: {
          p256dh: Buffer.alloc(65, 4).toString('base64url'),
          auth: Buffer.alloc(16, 2).toString('base64url'),
        },
      },
      device_name: 'Laptop',
    });
    send('POST /api/reminders/action', actionBody, { token: 'signed' });
    expect(refused).toEqual([]);
  });
});
