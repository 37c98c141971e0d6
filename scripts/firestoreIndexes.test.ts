import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { compilerOptionsOf, findQueries, programOf } from './firestoreIndexes.ts';
import { missingIndexes, type IndexesFile } from './indexNeeds.ts';

const ROOT = join(import.meta.dirname, '..');

/** The code that queries production's database: the functions, the migrations, the web app. */
function sources(dir: string, pattern: RegExp): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => pattern.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => join(ROOT, dir, f));
}

describe('every Firestore query has its index (scripts/firestoreIndexes.ts)', () => {
  it('firestore.indexes.json declares what each query of the functions, migrations and web app needs', () => {
    const declared = JSON.parse(
      readFileSync(join(ROOT, 'firestore.indexes.json'), 'utf8'),
    ) as IndexesFile;
    const server = [
      ...sources('functions/src', /\.ts$/),
      ...sources('scripts/migrations', /\.ts$/),
    ];
    const web = sources('web/src', /\.tsx?$/);
    const found = [
      findQueries(
        programOf(server, compilerOptionsOf(join(ROOT, 'functions', 'tsconfig.json'))),
        server,
      ),
      findQueries(programOf(web, compilerOptionsOf(join(ROOT, 'web', 'tsconfig.json'))), web),
    ];
    const queries = found.flatMap((f) => f.queries);
    const unreadable = found.flatMap((f) => f.unreadable);
    for (const q of queries) {
      console.log(
        `[indexes] ${q.at.slice(ROOT.length + 1)}: ${q.scope.toLowerCase()} ${q.collection} ` +
          JSON.stringify({ where: q.filters, orderBy: q.orders }),
      );
    }
    // The check finds the project's queries at all (a finder that finds nothing passes anything).
    expect(queries.some((q) => q.collection === 'lms_feeds' && q.orders.length > 0)).toBe(true);
    const here = (line: string) => line.replace(`${ROOT}/`, '');
    expect(unreadable.map((u) => here(`${u.at}: ${u.reason}`))).toEqual([]);
    expect(missingIndexes(queries, declared).map(here)).toEqual([]);
  }, 60_000);
});

describe('the index check itself, on small sources', () => {
  const dir = mkdtempSync(join(tmpdir(), 'indexes-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Writes the fixture files and reads their queries. */
  function check(files: Record<string, string>) {
    const paths = Object.entries(files).map(([name, text]) => {
      const path = join(dir, name);
      writeFileSync(path, text);
      return path;
    });
    return findQueries(
      programOf(paths, {
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        allowImportingTsExtensions: true,
        target: ts.ScriptTarget.ES2022,
        types: [],
      }),
      paths,
    );
  }

  const refs = `
    export const feedsOf = (db: any) => db.collection('lms_feeds');
    export function assignmentsOf(db: any, uid: string) {
      return db.collection('users').doc(uid).collection('assignments');
    }
    export const schedule = (db: any) => db.collectionGroup('reminder_schedule');
  `;
  const none: IndexesFile = { indexes: [], fieldOverrides: [] };

  it('finds queries through helper functions, imports and variables', () => {
    const { queries, unreadable } = check({
      'refs.ts': refs,
      'use.ts': `
        import { assignmentsOf, feedsOf } from './refs.ts';
        export async function f(db: any, uid: string) {
          const col = assignmentsOf(db, uid);
          await col.where('status', '==', 'new').get();
          await feedsOf(db).where('next_sync_at', '<=', 'x').orderBy('next_sync_at').limit(25).get();
          await db.collection('users/u1/files').where('assignment_id', '==', 'a').get();
        }
      `,
    });
    expect(unreadable).toEqual([]);
    expect(queries.map((q) => [q.collection, q.scope, q.filters.length, q.orders.length])).toEqual([
      ['assignments', 'COLLECTION', 1, 0],
      ['lms_feeds', 'COLLECTION', 1, 1],
      ['files', 'COLLECTION', 1, 0],
    ]);
    // Single-field queries on a collection need nothing declared.
    expect(missingIndexes(queries, none)).toEqual([]);
  });

  it('fails a query of equality and order on different fields until its composite index is declared', () => {
    const { queries } = check({
      'refs.ts': refs,
      'feeds.ts': `
        import { feedsOf } from './refs.ts';
        export const mine = (db: any, uid: string) =>
          feedsOf(db).where('uid', '==', uid).orderBy('next_sync_at', 'desc').get();
      `,
    });
    const [missing] = missingIndexes(queries, none);
    expect(missing).toMatch(/feeds\.ts:4: collection "lms_feeds" needs/);
    expect(missing).toContain(
      '"fields":[{"fieldPath":"uid","order":"ASCENDING"},{"fieldPath":"next_sync_at","order":"DESCENDING"}]',
    );
    const declared: IndexesFile = {
      indexes: [
        {
          collectionGroup: 'lms_feeds',
          queryScope: 'COLLECTION',
          fields: [
            { fieldPath: 'uid', order: 'ASCENDING' },
            { fieldPath: 'next_sync_at', order: 'DESCENDING' },
          ],
        },
      ],
    };
    expect(missingIndexes(queries, declared)).toEqual([]);
    // The wrong direction does not serve it.
    const wrong = structuredClone(declared);
    wrong.indexes[0]!.fields[1]!.order = 'ASCENDING';
    expect(missingIndexes(queries, wrong)).toHaveLength(1);
  });

  it('fails two orders, and two range filters on different fields, without a composite index', () => {
    const { queries } = check({
      'refs.ts': refs,
      'two.ts': `
        import { assignmentsOf } from './refs.ts';
        export const a = (db: any) => assignmentsOf(db, 'u').orderBy('status').orderBy('rank').get();
        export const b = (db: any) =>
          assignmentsOf(db, 'u').where('rank', '>', 1).where('version', '<', 3).get();
      `,
    });
    expect(missingIndexes(queries, none)).toHaveLength(2);
  });

  it('fails a collection-group query until its field has a COLLECTION_GROUP index', () => {
    const { queries } = check({
      'refs.ts': refs,
      'due.ts': `
        import { schedule } from './refs.ts';
        export const due = (db: any, from: string, to: string) =>
          schedule(db).where('fire_at', '>', from).where('fire_at', '<=', to).get();
      `,
    });
    expect(missingIndexes(queries, none)).toEqual([
      expect.stringMatching(
        /due\.ts:4: collection_group "reminder_schedule" needs .*"fieldPath":"fire_at".*"COLLECTION_GROUP"/,
      ),
    ]);
    const declared: IndexesFile = {
      indexes: [],
      fieldOverrides: [
        {
          collectionGroup: 'reminder_schedule',
          fieldPath: 'fire_at',
          indexes: [
            { order: 'ASCENDING', queryScope: 'COLLECTION' },
            { order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' },
          ],
        },
      ],
    };
    expect(missingIndexes(queries, declared)).toEqual([]);
  });

  it('fails a query on a field whose override takes its index away (a TTL field)', () => {
    const { queries } = check({
      'ttl.ts': `
        export const old = (db: any) =>
          db.collection('users').doc('u').collection('reminder_action_uses').where('expires_at', '<', 1).get();
      `,
    });
    const ttl: IndexesFile = {
      indexes: [],
      fieldOverrides: [
        {
          collectionGroup: 'reminder_action_uses',
          fieldPath: 'expires_at',
          ttl: true,
          indexes: [],
        },
      ],
    };
    expect(missingIndexes(queries, none)).toEqual([]);
    expect(missingIndexes(queries, ttl)).toHaveLength(1);
  });

  it('reports a query it cannot read instead of passing it', () => {
    const { unreadable } = check({
      'odd.ts': `
        export const byParam = (col: any) => col.where('a', '==', 1).get();
        export const byField = (db: any, field: string) => db.collection('x').where(field, '==', 1).get();
        declare function where(...a: unknown[]): unknown;
        export const web = () => where('a', '==', 1);
      `,
    });
    expect(unreadable.map((u) => u.reason)).toEqual([
      'cannot tell which collection "col" is',
      '"field" is not a name known before the code runs',
      'a query of the web SDK (query(), where(), orderBy()) is not read by this check',
    ]);
  });
});
