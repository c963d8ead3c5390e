// Domain boundaries, read from the source (decision 038): payments is the layer below orders,
// so nothing payments runs reaches orders; no domain imports another domain's queries
// (eslint.config.js holds the same line while editing); and customers/, which reads across the
// domains for the back office, is imported by no domain (only app.ts registers its routes).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

/** Production sources: tests and the test helpers (src/test) are left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === join(SRC, 'test') ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

// Static imports (`import … from`, `import '…'`, `export … from`); `import type` is erased,
// so left out.
const IMPORT =
  /(?:^|\n)\s*(import(?!\s+type\s)[^'"]*?from\s*|import\s*\(?\s*|export[^'"]*?from\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** Each source's relative runtime imports, as source paths. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT)].map((m) =>
      resolve(dirname(file), m[2]!.replace(/\.js$/, '.ts')),
    );
    graph.set(file, targets);
  }
  return graph;
}

const domainOf = (file: string) => relative(SRC, file).split('/')[0]!;

/** Every file reachable from `from`, with the path that reached it. */
function reachable(graph: Map<string, string[]>, from: string[]): Map<string, string[]> {
  const seen = new Map<string, string[]>(from.map((f) => [f, [f]]));
  const queue = [...from];
  while (queue.length) {
    const file = queue.shift()!;
    for (const next of graph.get(file) ?? []) {
      if (seen.has(next)) continue;
      seen.set(next, [...seen.get(file)!, next]);
      queue.push(next);
    }
  }
  return seen;
}

const graph = importGraph();
const show = (path: string[]) => path.map((f) => relative(SRC, f)).join(' → ');

describe('domain boundaries', () => {
  it('reads the import graph (orders reaches payments, as checkout must)', () => {
    const fromOrders = reachable(
      graph,
      [...graph.keys()].filter((f) => domainOf(f) === 'orders'),
    );
    expect([...fromOrders.keys()].some((f) => domainOf(f) === 'payments')).toBe(true);
  });

  it('nothing payments imports reaches orders (no payments ↔ orders cycle)', () => {
    const fromPayments = reachable(
      graph,
      [...graph.keys()].filter((f) => domainOf(f) === 'payments'),
    );
    const intoOrders = [...fromPayments.entries()]
      .filter(([f]) => domainOf(f) === 'orders')
      .map(([, path]) => show(path));
    expect(intoOrders).toEqual([]);
  });

  it('no domain imports customers/ (it calls the others, never the other way)', () => {
    const into = [...graph.entries()].flatMap(([file, targets]) =>
      domainOf(file) === 'customers' || file === join(SRC, 'app.ts')
        ? []
        : targets.filter((t) => domainOf(t) === 'customers').map((t) => show([file, t])),
    );
    expect(into).toEqual([]);
    expect([...graph.keys()].some((f) => domainOf(f) === 'customers')).toBe(true);
  });

  it("no domain imports another domain's queries", () => {
    const crossing = [...graph.entries()].flatMap(([file, targets]) =>
      targets
        .filter((t) => t.endsWith('.queries.ts') && domainOf(t) !== domainOf(file))
        .map((t) => show([file, t])),
    );
    expect(crossing).toEqual([]);
  });
});
