// Every raw SQL statement of the server, checked against the migrated schema (issue 39;
// decision 062). Each top-level sql`…` template of a production file is read from the source
// (TypeScript's parser), its ${…} parts become parameters $1…$n, and PostgreSQL (PGlite,
// migrated) describes it: a renamed or misspelt table or column, an operator on the wrong
// type, a join on a column that is not there fails here, in CI, whichever test would have run
// it. Where the rows are read as queryRows<T>(…) with T written out in the same file, every
// field T requires must be a column of the result, so a query and its row type cannot drift.
//
// A template with a fragment inside (${where}, ${sql`AND …`}) may not parse with a parameter
// in its place: those are counted as unchecked, and the count may only fall.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../test/database.js';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Templates that cannot be checked this way today (fragments inside); may only go down. */
const UNCHECKED_AT_MOST = 24;

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

/** The same file's `const NAME = sql`…`` fragments, to put in where they are used. */
function fragmentsOf(file: ts.SourceFile): Map<string, ts.TaggedTemplateExpression> {
  const found = new Map<string, ts.TaggedTemplateExpression>();
  for (const s of file.statements) {
    if (!ts.isVariableStatement(s)) continue;
    for (const d of s.declarationList.declarations) {
      if (ts.isIdentifier(d.name) && d.initializer && isSql(d.initializer)) {
        found.set(d.name.text, d.initializer);
      }
    }
  }
  return found;
}

/**
 * The template's text with each ${…} part as PostgreSQL would see it: a param('name', 'type')
 * as $n::type, a fragment of the same file or sql.raw('…') written in, anything else as $n.
 */
function textOf(
  t: ts.TaggedTemplateExpression,
  file: ts.SourceFile,
  fragments: Map<string, ts.TaggedTemplateExpression>,
  counter = { n: 0 },
): string {
  const tpl = t.template;
  if (ts.isNoSubstitutionTemplateLiteral(tpl)) return tpl.text;
  const part = (e: ts.Expression): string => {
    if (ts.isCallExpression(e) && e.expression.getText(file) === 'param') {
      const type = e.arguments[1];
      counter.n += 1;
      return type && ts.isStringLiteral(type) ? `$${counter.n}::${type.text}` : `$${counter.n}`;
    }
    if (
      ts.isCallExpression(e) &&
      e.expression.getText(file) === 'sql.raw' &&
      e.arguments[0] &&
      ts.isStringLiteral(e.arguments[0])
    ) {
      return e.arguments[0].text;
    }
    if (ts.isIdentifier(e) && fragments.has(e.text)) {
      return textOf(fragments.get(e.text)!, file, fragments, counter);
    }
    counter.n += 1;
    return `$${counter.n}`;
  };
  return tpl.templateSpans.reduce(
    (text, span) => `${text}${part(span.expression)}${span.literal.text}`,
    tpl.head.text,
  );
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
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const fragments = fragmentsOf(file);
  const found: Statement[] = [];
  const visit = (n: ts.Node, insideSql: boolean) => {
    if (isSql(n) && !insideSql && STATEMENT.test(textOf(n, file, fragments))) {
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
        text: textOf(n, file, fragments),
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
