import type { FoundQuery, Order } from './firestoreIndexes.ts';

/**
 * Which index a query found in the source needs, and whether firestore.indexes.json declares
 * it, by the rules in firestoreIndexes.ts's opening comment (that file finds the queries).
 */

export interface IndexField {
  fieldPath: string;
  order?: 'ASCENDING' | 'DESCENDING';
  arrayConfig?: 'CONTAINS';
}

export interface IndexesFile {
  indexes: { collectionGroup: string; queryScope?: string; fields: IndexField[] }[];
  fieldOverrides?: {
    collectionGroup: string;
    fieldPath: string;
    ttl?: boolean;
    indexes: { order?: string; arrayConfig?: string; queryScope?: string }[];
  }[];
}

const EQUALITY = new Set(['==', 'in', 'array-contains', 'array-contains-any']);
const ARRAY_OPS = new Set(['array-contains', 'array-contains-any']);

/** What a query needs: nothing, single-field indexes (with their use), or one composite. */
type Need =
  | { kind: 'none' }
  | { kind: 'single'; fields: { field: string; order?: Order['direction']; array: boolean }[] }
  | { kind: 'composite'; equality: { field: string; array: boolean }[]; ordered: Order[] };

function needOf(q: FoundQuery): Need {
  const equality = q.filters.filter((f) => EQUALITY.has(f.op));
  const eqFields = new Set(equality.map((f) => f.field));
  const ranges = [...new Set(q.filters.filter((f) => !EQUALITY.has(f.op)).map((f) => f.field))];
  // The result's order: the explicit orders, with each range field that is not ordered first
  // ahead of them (ascending), minus fields fixed by equality and the document name.
  const ordered: Order[] = [];
  for (const field of ranges) {
    if (!q.orders.some((o) => o.field === field)) ordered.push({ field, direction: 'ASCENDING' });
  }
  for (const o of q.orders) {
    if (!eqFields.has(o.field) && !ordered.some((x) => x.field === o.field)) ordered.push(o);
  }
  const sorted = ordered.filter((o) => o.field !== '__name__');
  const eq = equality
    .filter((f) => f.field !== '__name__')
    .map((f) => ({ field: f.field, array: ARRAY_OPS.has(f.op) }));
  if ((eq.length > 0 && sorted.length > 0) || sorted.length > 1) {
    return { kind: 'composite', equality: eq, ordered: sorted };
  }
  const fields = [
    ...eq.map((f) => ({ field: f.field, array: f.array })),
    ...sorted.map((o) => ({ field: o.field, order: o.direction, array: false })),
  ];
  return fields.length === 0 ? { kind: 'none' } : { kind: 'single', fields };
}

/** The query's needed index, in firestore.indexes.json's words, for the failure message. */
function describeNeed(q: FoundQuery, need: Need): string {
  if (need.kind === 'composite') {
    return JSON.stringify({
      collectionGroup: q.collection,
      queryScope: q.scope,
      fields: [
        ...need.equality.map((f) =>
          f.array
            ? { fieldPath: f.field, arrayConfig: 'CONTAINS' }
            : { fieldPath: f.field, order: 'ASCENDING' },
        ),
        ...need.ordered.map((o) => ({ fieldPath: o.field, order: o.direction })),
      ],
    });
  }
  if (need.kind === 'single') {
    return need.fields
      .map((f) =>
        JSON.stringify({
          collectionGroup: q.collection,
          fieldPath: f.field,
          indexes: [
            f.array
              ? { arrayConfig: 'CONTAINS', queryScope: q.scope }
              : { order: f.order ?? 'ASCENDING', queryScope: q.scope },
          ],
        }),
      )
      .join(' and ');
  }
  return 'nothing';
}

function hasComposite(file: IndexesFile, q: FoundQuery, need: Need & { kind: 'composite' }) {
  return file.indexes.some((index) => {
    if (index.collectionGroup !== q.collection) return false;
    if ((index.queryScope ?? 'COLLECTION') !== q.scope) return false;
    const fields = index.fields.filter((f) => f.fieldPath !== '__name__');
    if (fields.length !== need.equality.length + need.ordered.length) return false;
    const head = fields.slice(0, need.equality.length);
    const eqOk = need.equality.every((eq) =>
      head.some(
        (f) => f.fieldPath === eq.field && (eq.array ? f.arrayConfig === 'CONTAINS' : !!f.order),
      ),
    );
    const tail = fields.slice(need.equality.length);
    const orderOk = need.ordered.every(
      (o, i) => tail[i]?.fieldPath === o.field && tail[i]?.order === o.direction,
    );
    return eqOk && orderOk;
  });
}

/** Whether a single-field index exists for this use (automatic, or declared for groups). */
function hasSingle(
  file: IndexesFile,
  q: FoundQuery,
  f: { field: string; order?: Order['direction']; array: boolean },
): boolean {
  const override = (file.fieldOverrides ?? []).find(
    (o) => o.collectionGroup === q.collection && o.fieldPath === f.field,
  );
  // Without an override, collections have every single-field index and groups have none.
  if (!override) return q.scope === 'COLLECTION';
  return override.indexes.some((index) => {
    if ((index.queryScope ?? 'COLLECTION') !== q.scope) return false;
    if (f.array) return index.arrayConfig === 'CONTAINS';
    // An equality filter can use either direction; a range or order needs its own.
    return f.order ? index.order === f.order : !!index.order;
  });
}

/** Each query whose index firestore.indexes.json lacks: where it is and what to declare. */
export function missingIndexes(queries: FoundQuery[], file: IndexesFile): string[] {
  const missing: string[] = [];
  for (const q of queries) {
    const need = needOf(q);
    const ok =
      need.kind === 'none' ||
      (need.kind === 'composite'
        ? hasComposite(file, q, need)
        : need.fields.every((f) => hasSingle(file, q, f)) ||
          // A composite index over the same fields serves it too.
          hasComposite(file, q, {
            kind: 'composite',
            equality: need.fields.filter((f) => !f.order),
            ordered: need.fields.flatMap((f) =>
              f.order ? [{ field: f.field, direction: f.order }] : [],
            ),
          }));
    if (!ok)
      missing.push(
        `${q.at}: ${q.scope.toLowerCase()} "${q.collection}" needs ${describeNeed(q, need)}`,
      );
  }
  return missing;
}
