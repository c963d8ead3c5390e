// The storefront imports types and small helpers from @kitroom/contract, whose modules also
// build zod schemas at load time (z.object(...).extend(...)). Bundlers must assume such
// chained calls have side effects, so every schema, and all of zod, would ship to the
// browser although the web never parses with them. This plugin marks each top-level
// `const X = <call>` of the contract as a pure expression, so that unused schemas, and with
// them zod, are dropped; and it fails the build if zod still ends up in a chunk.
import ts from 'typescript';
import type { Plugin } from 'vite';

const CONTRACT_SOURCE = /\/packages\/contract\/src\/[^/]+\.ts$/;

function containsCall(node: ts.Node): boolean {
  if (ts.isCallExpression(node) || ts.isNewExpression(node)) return true;
  return ts.forEachChild(node, containsCall) ?? false;
}

/** Wraps the initialisers of top-level constants that call anything in a pure IIFE. */
export function markSchemasPure(code: string, fileName: string): string | null {
  const source = ts.createSourceFile(
    fileName,
    code,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TS,
  );
  const edits: { start: number; end: number }[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer;
      if (init && containsCall(init))
        edits.push({ start: init.getStart(source), end: init.getEnd() });
    }
  }
  if (edits.length === 0) return null;
  let out = code;
  for (const { start, end } of edits.reverse()) {
    out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
  }
  return out;
}

export function contractTreeShaking(): Plugin {
  return {
    name: 'kitroom:contract-tree-shaking',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!CONTRACT_SOURCE.test(id.split('?')[0] ?? id)) return null;
      const out = markSchemasPure(code, id);
      return out === null ? null : { code: out, map: null };
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const zod = Object.keys(chunk.modules).find((m) => m.includes('/node_modules/zod/'));
        if (zod) {
          this.error(
            `zod reached the browser bundle (${chunk.fileName}, via ${zod}). Import only types and plain helpers from @kitroom/contract in apps/web.`,
          );
        }
      }
    },
  };
}
