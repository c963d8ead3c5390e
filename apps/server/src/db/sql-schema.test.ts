// Every raw SQL statement of the server, checked against the migrated schema (issue 39;
// decision 062). Each top-level sql`…` template of a production file is read from the source
// (TypeScript's parser), its ${…} parts become parameters $1…$n, and PostgreSQL (PGlite,
// migrated) describes it: a renamed or misspelt table or column, an operator on the wrong
// type, a join on a column that is not there fails here, in CI, whichever test would have run
// it. Where the rows are read as queryRows<T>(…) with T written out in the same file, every
// field T requires must be a column of the result, so a query and its row type cannot drift.
//
// Fragments are written in where they are used: a `const` sql`…` of the file or imported from
// another (a function fragment with its arguments put in), a nested sql`…`, the branch of
// `cond ? sql`` : sql`AND …`` that writes something. A template whose fragment cannot be
// known here (${sql.identifier(table)}, ${sql.join(rows)}) may not parse with a parameter in
// its place: those are counted as unchecked, and the count may only fall.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../test/database.js';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Templates that cannot be checked this way today (fragments inside); may only go down. */
const UNCHECKED_AT_MOST = 15;

interface Statement {
  where: string;
  text: string;
  /** Required fields of the row type it is read as, when written out in the file. */
  fields: string[] | null;
}

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory())
      return e.name === 'test' || e.name === 'migrations' ? [] : productionFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

const isSql = (n: ts.Node): n is ts.TaggedTemplateExpression =>
  ts.isTaggedTemplateExpression(n) && n.tag.getText() === 'sql';

/** A statement, not a fragment kept for others (a column list, a condition). */
const STATEMENT = /^\s*(SELECT|WITH|INSERT|UPDATE|DELETE|VALUES|LOCK|TRUNCATE)\b/i;

/** A fragment kept for others: `const NAME = sql`…`` or `const NAME = (a, b) => sql`…``. */
interface Fragment {
  body: ts.TaggedTemplateExpression;
  params: ts.NodeArray<ts.ParameterDeclaration> | null;
  file: ts.SourceFile;
}

/** Where an identifier's fragment or argument comes from, and the file it is written in. */
interface Scope {
  file: ts.SourceFile;
  /** The arguments a function fragment was called with, by its parameters' names. */
  bound: Map<string, { expression: ts.Expression; scope: Scope } | undefined>;
}

const sources = new Map<string, ts.SourceFile>();
function sourceOf(path: string): ts.SourceFile | undefined {
  if (!sources.has(path)) {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      return undefined;
    }
    sources.set(path, ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true));
  }
  return sources.get(path);
}

const fragmentsByFile = new Map<ts.SourceFile, Map<string, Fragment>>();

/** The file's own `const` fragments, by name. */
function ownFragments(file: ts.SourceFile): Map<string, Fragment> {
  const known = fragmentsByFile.get(file);
  if (known) return known;
  const found = new Map<string, Fragment>();
  fragmentsByFile.set(file, found);
  for (const s of file.statements) {
    if (!ts.isVariableStatement(s)) continue;
    for (const d of s.declarationList.declarations) {
      const init = d.initializer;
      if (!ts.isIdentifier(d.name) || !init) continue;
      if (isSql(init)) found.set(d.name.text, { body: init, params: null, file });
      else if (ts.isArrowFunction(init) && isSql(init.body)) {
        found.set(d.name.text, { body: init.body, params: init.parameters, file });
      }
    }
  }
  return found;
}

/** The file a relative import names ('./x.js' is ./x.ts beside it). */
function importedFile(from: ts.SourceFile, specifier: string): ts.SourceFile | undefined {
  if (!specifier.startsWith('.')) return undefined;
  return sourceOf(join(dirname(from.fileName), specifier.replace(/\.js$/, '.ts')));
}

/** Fragment `name` of `file`: its own, or one it re-exports (a domain's index.ts). */
function exportedFragment(file: ts.SourceFile, name: string, depth = 0): Fragment | undefined {
  const own = ownFragments(file).get(name);
  if (own || depth > 2) return own;
  for (const s of file.statements) {
    if (!ts.isExportDeclaration(s) || !s.moduleSpecifier) continue;
    if (!ts.isStringLiteral(s.moduleSpecifier)) continue;
    const named = s.exportClause && ts.isNamedExports(s.exportClause) ? s.exportClause : null;
    const match = named?.elements.find((e) => e.name.text === name);
    if (named && !match) continue;
    const target = importedFile(file, s.moduleSpecifier.text);
    const found = target && exportedFragment(target, match?.propertyName?.text ?? name, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** The fragment an expression names in `file`: `NAME` (its own or imported) or `q.NAME`. */
function fragmentNamed(e: ts.Expression, file: ts.SourceFile): Fragment | undefined {
  const own = ts.isIdentifier(e) ? ownFragments(file).get(e.text) : undefined;
  if (own) return own;
  for (const s of file.statements) {
    if (!ts.isImportDeclaration(s) || !ts.isStringLiteral(s.moduleSpecifier)) continue;
    const bindings = s.importClause?.namedBindings;
    if (!bindings) continue;
    let name: string | undefined;
    if (ts.isIdentifier(e) && ts.isNamedImports(bindings)) {
      const match = bindings.elements.find((i) => i.name.text === e.text);
      name = match && (match.propertyName?.text ?? match.name.text);
    } else if (
      ts.isPropertyAccessExpression(e) &&
      ts.isIdentifier(e.expression) &&
      ts.isNamespaceImport(bindings) &&
      bindings.name.text === e.expression.text
    ) {
      name = e.name.text;
    }
    const target = name ? importedFile(file, s.moduleSpecifier.text) : undefined;
    if (target && name) return exportedFragment(target, name);
  }
  return undefined;
}

/**
 * The template's text with each ${…} part as PostgreSQL would see it: a param('name', 'type')
 * as $n::type; a fragment (of this file or imported, a function fragment with its arguments),
 * a nested sql`…` or sql.raw('…') written in; anything else as $n.
 */
function textOf(t: ts.TaggedTemplateExpression, scope: Scope, counter = { n: 0 }): string {
  const tpl = t.template;
  if (ts.isNoSubstitutionTemplateLiteral(tpl)) return tpl.text;
  return tpl.templateSpans.reduce(
    (text, span) => `${text}${partOf(span.expression, scope, counter)}${span.literal.text}`,
    tpl.head.text,
  );
}

/** One ${…} part's text, by textOf's rules. */
function partOf(e: ts.Expression, scope: Scope, counter: { n: number }): string {
  const { file } = scope;
  const callee = ts.isCallExpression(e) ? e.expression.getText(file) : null;
  if (ts.isIdentifier(e) && scope.bound.has(e.text)) {
    const arg = scope.bound.get(e.text);
    if (arg) return partOf(arg.expression, arg.scope, counter);
  } else if (ts.isCallExpression(e) && callee === 'param') {
    const type = e.arguments[1];
    counter.n += 1;
    return type && ts.isStringLiteral(type) ? `$${counter.n}::${type.text}` : `$${counter.n}`;
  } else if (ts.isCallExpression(e) && callee === 'sql.raw') {
    const text = e.arguments[0];
    if (text && ts.isStringLiteral(text)) return text.text;
  } else if (isSql(e)) {
    return textOf(e, scope, counter);
  } else if (ts.isConditionalExpression(e)) {
    // `cond ? sql`` : sql`AND …``: the branch that writes something, so that it is checked.
    const empty = (b: ts.Expression) =>
      isSql(b) && ts.isNoSubstitutionTemplateLiteral(b.template) && !b.template.text.trim();
    return partOf(empty(e.whenTrue) ? e.whenFalse : e.whenTrue, scope, counter);
  } else if (ts.isParenthesizedExpression(e)) {
    return partOf(e.expression, scope, counter);
  } else {
    const called = ts.isCallExpression(e) ? e : null;
    const fragment = fragmentNamed(called ? called.expression : e, file);
    // A function fragment only where it is called, a plain one only where it is not.
    if (fragment && !fragment.params === !called) {
      const bound: Scope['bound'] = new Map();
      const unbound: Scope = { file: fragment.file, bound: new Map() };
      fragment.params?.forEach((p, i) => {
        if (!ts.isIdentifier(p.name)) return;
        const given = called?.arguments[i];
        const initializer = p.initializer;
        bound.set(
          p.name.text,
          given
            ? { expression: given, scope }
            : initializer && { expression: initializer, scope: unbound },
        );
      });
      return textOf(fragment.body, { file: fragment.file, bound }, counter);
    }
  }
  counter.n += 1;
  return `$${counter.n}`;
}

/** The required property names of a type written in this file; null when not written here. */
function requiredFields(type: ts.TypeNode, file: ts.SourceFile): string[] | null {
  const members = (list: ts.NodeArray<ts.TypeElement>) =>
    list
      .filter((m): m is ts.PropertySignature => ts.isPropertySignature(m) && !m.questionToken)
      .map((m) => m.name.getText(file));
  if (ts.isTypeLiteralNode(type)) return members(type.members);
  if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && !type.typeArguments) {
    const name = type.typeName.text;
    for (const s of file.statements) {
      if (ts.isInterfaceDeclaration(s) && s.name.text === name && !s.heritageClauses) {
        return members(s.members);
      }
      if (ts.isTypeAliasDeclaration(s) && s.name.text === name && ts.isTypeLiteralNode(s.type)) {
        return members(s.type.members);
      }
    }
  }
  return null;
}

function statementsOf(path: string): Statement[] {
  const file = sourceOf(path)!;
  const scope: Scope = { file, bound: new Map() };
  const found: Statement[] = [];
  const visit = (n: ts.Node, insideSql: boolean) => {
    const text = isSql(n) && !insideSql ? textOf(n, scope) : '';
    if (isSql(n) && STATEMENT.test(text)) {
      const parent = n.parent;
      const rowType =
        ts.isCallExpression(parent) &&
        parent.expression.getText(file) === 'queryRows' &&
        parent.typeArguments?.length === 1
          ? requiredFields(parent.typeArguments[0]!, file)
          : null;
      const { line } = file.getLineAndCharacterOfPosition(n.getStart(file));
      found.push({
        where: `${relative(SRC, path)}:${line + 1}`,
        text,
        fields: rowType,
      });
    }
    n.forEachChild((c) => visit(c, insideSql || isSql(n)));
  };
  visit(file, false);
  return found;
}

/** Errors that come of a fragment standing where a parameter cannot, not of the schema. */
const ARTEFACT = /syntax error|could not determine data type of parameter|there is no parameter \$/;

const statements = productionFiles(SRC).flatMap(statementsOf);
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

// Static: the schema is the migrations', the same on both engines; PGlite describes a
// statement without running it.
describe.skipIf(testDatabaseKind() !== 'pglite')('the SQL in the source', () => {
  it('reads every top-level statement of the server', () => {
    expect(statements.length).toBeGreaterThan(450);
    // Of them, read into a row type written out beside the query.
    expect(statements.filter((s) => s.fields).length).toBeGreaterThan(250);
    expect(statements.some((s) => s.where.startsWith('orders/refunds.queries.ts'))).toBe(true);
  });

  it('matches the migrated schema, and gives every row type its fields', async () => {
    const pglite = database.pglite!;
    const wrong: string[] = [];
    const unchecked: string[] = [];
    for (const s of statements) {
      try {
        const described = await pglite.describeQuery(s.text);
        const columns = new Set(described.resultFields.map((f) => f.name));
        // A column list passed in from elsewhere stands as one parameter: nothing to compare.
        if (s.fields && !columns.has('?column?')) {
          const missing = s.fields.filter((f) => !columns.has(f));
          if (missing.length > 0) {
            wrong.push(
              `${s.where}: the row type's ${missing.join(', ')} is not a column of the result`,
            );
          }
        }
      } catch (e) {
        const message = (e as Error).message;
        if (ARTEFACT.test(message)) unchecked.push(`${s.where}: ${message}`);
        else wrong.push(`${s.where}: ${message}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(unchecked.length, unchecked.join('\n')).toBeLessThanOrEqual(UNCHECKED_AT_MOST);
  });

  it('would catch a renamed column', async () => {
    const pglite = database.pglite!;
    await expect(
      pglite.describeQuery('SELECT o.totl_paise FROM orders o WHERE o.id = $1'),
    ).rejects.toThrow(/column o.totl_paise does not exist/);
  });
});
