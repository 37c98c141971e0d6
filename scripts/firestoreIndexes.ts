/**
 * Every Firestore query the project makes has the index it needs (docs/architecture.md,
 * "Indexes"). A static check: it reads the TypeScript with the compiler, finds each query, works
 * out which collection it reads and what it filters and orders on, and compares that with
 * firestore.indexes.json.
 *
 * Finding queries: every chain of `.where(...)` and `.orderBy(...)` calls (with `.limit`,
 * `.select`, `.offset` and the cursors in between). The chain's base must be a
 * `collection('...')` or `collectionGroup('...')` call, or lead to one through variables and
 * helper functions (`feedsOf(db)`, `assignmentsOf(db, uid)`, imported or not); the type checker
 * follows the names. Field names and operators must be literals (or constants the checker
 * knows). A query it cannot read this way is reported as such, so nothing goes unchecked.
 *
 * The rules (as Firestore's index documentation states them):
 * - on a collection, Firestore keeps single-field indexes by itself: equality filters (any
 *   number, merged), or one field's range filter and order, need nothing declared, unless a
 *   field override takes that field's index away (the TTL override on `expires_at` does);
 * - equality on some fields with a range or order on another, or ordering on two fields,
 *   needs a composite index: the equality fields first (any order), then the ordered fields
 *   in the query's order and directions (a range filter's field leads, ascending, unless the
 *   query orders it);
 * - a collection-group query needs, for each field it filters or orders on, a field override
 *   with a COLLECTION_GROUP index (Firestore keeps none for groups by itself), or a
 *   COLLECTION_GROUP composite index as above.
 *
 * Limits: queries built another way (the web SDK's `query(...)`, `Filter.or/and`, a field
 * name computed at run time, a collection passed in as a parameter) are reported as
 * unreadable, not guessed; a composite index must match exactly (Firestore can sometimes
 * serve a query with an index whose directions are all reversed: declare the one the query
 * names); vector and full-text indexes are not covered.
 */
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import ts from 'typescript';

type Scope = 'COLLECTION' | 'COLLECTION_GROUP';

interface Filter {
  field: string;
  op: string;
}
export interface Order {
  field: string;
  direction: 'ASCENDING' | 'DESCENDING';
}

/** One query found in the source. */
export interface FoundQuery {
  /** `file:line`. */
  at: string;
  collection: string;
  scope: Scope;
  filters: Filter[];
  orders: Order[];
}

/** A query the check could not read (reported: nothing goes unchecked silently). */
export interface Unreadable {
  at: string;
  reason: string;
}

const CHAIN_METHODS = new Set([
  'where',
  'orderBy',
  'limit',
  'limitToLast',
  'offset',
  'select',
  'startAt',
  'startAfter',
  'endAt',
  'endBefore',
]);
class NotReadable extends Error {}

function where(node: ts.Node): string {
  const file = node.getSourceFile();
  const { line } = file.getLineAndCharacterOfPosition(node.getStart());
  return `${file.fileName}:${line + 1}`;
}

function unwrap(expr: ts.Expression): ts.Expression {
  let e = expr;
  while (
    ts.isParenthesizedExpression(e) ||
    ts.isAsExpression(e) ||
    ts.isNonNullExpression(e) ||
    ts.isSatisfiesExpression(e) ||
    ts.isAwaitExpression(e)
  ) {
    e = e.expression;
  }
  return e;
}

const methodName = (call: ts.CallExpression): string | null =>
  ts.isPropertyAccessExpression(call.expression) ? call.expression.name.text : null;

/** A string the checker knows at compile time (a literal, or a constant of a literal type). */
function literal(checker: ts.TypeChecker, expr: ts.Expression | undefined): string {
  if (!expr) throw new NotReadable('an argument is missing');
  const e = unwrap(expr);
  if (ts.isStringLiteralLike(e)) return e.text;
  // FieldPath.documentId() and new FieldPath('a', 'b').
  if (ts.isCallExpression(e) && e.getText().endsWith('documentId()')) return '__name__';
  if (ts.isNewExpression(e) && e.expression.getText() === 'FieldPath') {
    return (e.arguments ?? []).map((a) => literal(checker, a)).join('.');
  }
  const type = checker.getTypeAtLocation(e);
  if (type.isStringLiteral()) return type.value;
  throw new NotReadable(`"${e.getText()}" is not a name known before the code runs`);
}

/** The symbol a name stands for, through imports. */
function declarationOf(checker: ts.TypeChecker, node: ts.Node): ts.Declaration | undefined {
  let symbol = checker.getSymbolAtLocation(node);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  return symbol?.valueDeclaration ?? symbol?.declarations?.[0];
}

/** The expressions a function answers with. */
function returnedBy(fn: ts.SignatureDeclaration): ts.Expression[] {
  if ((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && !ts.isBlock(fn.body)) {
    return [fn.body];
  }
  const body = (fn as ts.FunctionLikeDeclarationBase).body;
  const out: ts.Expression[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isFunctionLike(n) && n !== fn) return;
    if (ts.isReturnStatement(n) && n.expression) out.push(n.expression);
    ts.forEachChild(n, visit);
  };
  if (body) visit(body);
  return out;
}

/** Which collection (or group) an expression is a reference to. */
function collectionOf(
  checker: ts.TypeChecker,
  expr: ts.Expression,
  depth = 0,
): { collection: string; scope: Scope } {
  if (depth > 20) throw new NotReadable('the collection is too many steps away');
  const e = unwrap(expr);
  if (ts.isCallExpression(e)) {
    const name = methodName(e);
    if (name === 'collection') {
      const path = literal(checker, e.arguments[0]).split('/');
      if (path.length % 2 === 0) throw new NotReadable(`"${path.join('/')}" is a document`);
      return { collection: path[path.length - 1] as string, scope: 'COLLECTION' };
    }
    if (name === 'collectionGroup') {
      return { collection: literal(checker, e.arguments[0]), scope: 'COLLECTION_GROUP' };
    }
    if (name === 'withConverter' && ts.isPropertyAccessExpression(e.expression)) {
      return collectionOf(checker, e.expression.expression, depth + 1);
    }
    if (name === null) {
      // A helper function: what it returns.
      const decl = declarationOf(checker, e.expression);
      const fn =
        decl && ts.isVariableDeclaration(decl) && decl.initializer
          ? unwrap(decl.initializer)
          : decl;
      if (fn && ts.isFunctionLike(fn)) {
        const answers = returnedBy(fn).map((r) => collectionOf(checker, r, depth + 1));
        const first = answers[0];
        if (
          first &&
          answers.every((a) => a.collection === first.collection && a.scope === first.scope)
        ) {
          return first;
        }
      }
      throw new NotReadable(`cannot tell what ${e.expression.getText()}() returns`);
    }
  }
  if (ts.isIdentifier(e)) {
    const decl = declarationOf(checker, e);
    if (decl && ts.isVariableDeclaration(decl) && decl.initializer) {
      return collectionOf(checker, decl.initializer, depth + 1);
    }
    throw new NotReadable(`cannot tell which collection "${e.text}" is`);
  }
  throw new NotReadable(`cannot tell which collection "${e.getText()}" is`);
}

/** The queries of these source files, and the ones that could not be read. */
export function findQueries(program: ts.Program, files: readonly string[]) {
  const checker = program.getTypeChecker();
  const queries: FoundQuery[] = [];
  const unreadable: Unreadable[] = [];
  for (const fileName of files) {
    const source = program.getSourceFile(fileName);
    if (!source) throw new Error(`Not in the program: ${fileName}`);
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && isModularQuery(node)) {
        unreadable.push({
          at: where(node),
          reason: 'a query of the web SDK (query(), where(), orderBy()) is not read by this check',
        });
      } else if (ts.isCallExpression(node) && isOutermostQuery(node)) {
        try {
          const query = readChain(checker, node);
          if (query) queries.push(query);
        } catch (err) {
          if (!(err instanceof NotReadable)) throw err;
          unreadable.push({ at: where(node), reason: err.message });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { queries, unreadable };
}

/** `where(...)` or `orderBy(...)` called as a function, as the web SDK's queries are built. */
function isModularQuery(call: ts.CallExpression): boolean {
  return ts.isIdentifier(call.expression) && ['where', 'orderBy'].includes(call.expression.text);
}

/** A chain call that no further chain call continues. */
function isOutermostQuery(call: ts.CallExpression): boolean {
  const name = methodName(call);
  if (!name || !CHAIN_METHODS.has(name)) return false;
  const parent = call.parent;
  return !(
    ts.isPropertyAccessExpression(parent) &&
    CHAIN_METHODS.has(parent.name.text) &&
    ts.isCallExpression(parent.parent)
  );
}

function readChain(checker: ts.TypeChecker, outer: ts.CallExpression): FoundQuery | null {
  const links: ts.CallExpression[] = [];
  let e: ts.Expression = outer;
  for (;;) {
    const u = unwrap(e);
    const name = ts.isCallExpression(u) ? methodName(u) : null;
    if (!ts.isCallExpression(u) || !name || !CHAIN_METHODS.has(name)) break;
    links.unshift(u);
    e = (u.expression as ts.PropertyAccessExpression).expression;
  }
  const shaping = links.filter((l) => ['where', 'orderBy'].includes(methodName(l) ?? ''));
  // `.limit()` alone on something else (an array, a stream) is no query.
  if (shaping.length === 0) return null;
  const { collection, scope } = collectionOf(checker, e);
  const filters: Filter[] = [];
  const orders: Order[] = [];
  for (const link of shaping) {
    if (methodName(link) === 'where') {
      if (link.arguments.length !== 3) {
        throw new NotReadable('a where() with a Filter is not read (name the field and operator)');
      }
      filters.push({
        field: literal(checker, link.arguments[0]),
        op: literal(checker, link.arguments[1]),
      });
    } else {
      const dir = link.arguments[1] ? literal(checker, link.arguments[1]) : 'asc';
      orders.push({
        field: literal(checker, link.arguments[0]),
        direction: dir === 'desc' ? 'DESCENDING' : 'ASCENDING',
      });
    }
  }
  return { at: where(outer), collection, scope, filters, orders };
}

/** The compiler options of a tsconfig file. */
export function compilerOptionsOf(tsconfig: string): ts.CompilerOptions {
  const config = ts.readConfigFile(tsconfig, (p) => readFileSync(p, 'utf8'));
  return ts.parseJsonConfigFileContent(config.config, ts.sys, dirname(tsconfig)).options;
}

/** A program over these files (only bound and looked up, never type-checked here). */
export function programOf(files: readonly string[], options: ts.CompilerOptions): ts.Program {
  return ts.createProgram(files, { ...options, noEmit: true });
}
