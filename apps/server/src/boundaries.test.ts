// Domain boundaries, read from the source (decisions 038, 060 and 077): the folders of src/
// import one another in one direction, layer by layer, with no cycle; payments is the layer
// below the orders' folders, so nothing payments runs reaches them; and no domain imports
// another domain's queries, except that checkout, fulfilment, after-sales and the order desk
// read orders/'s, the order's record they share; and each folder is entered through its
// index.ts (eslint.config.js holds the same lines).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

/** Production sources: tests and the test helpers (src/test) are left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === join(SRC, 'test') ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name) ? [path] : [];
  });
}

// Static imports (`import … from`, `import '…'`, `export … from`); `import type` is erased,
// so left out.
const IMPORT =
  /(?:^|\n)\s*(import(?!\s+type\s)[^'"]*?from\s*|import\s*\(?\s*|export[^'"]*?from\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** The source file an import names (`./x.js` is x.ts, or x.tsx). */
function sourceOf(file: string, specifier: string): string {
  const path = resolve(dirname(file), specifier.replace(/\.js$/, '.ts'));
  return existsSync(path) || !existsSync(`${path}x`) ? path : `${path}x`;
}

/** Each source's relative runtime imports, as source paths. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    graph.set(
      file,
      [...text.matchAll(IMPORT)].map((m) => sourceOf(file, m[2]!)),
    );
  }
  return graph;
}

const domainOf = (file: string) => relative(SRC, file).split('/')[0]!;

/** The folders an order passes through, above orders/ (decision 077). */
const ORDER_FOLDERS = ['orders', 'checkout', 'fulfilment', 'after-sales', 'order-desk'];

/** Checkout, fulfilment, after-sales and the order desk read the queries of orders/. */
const ORDER_RECORD_READERS = ['checkout', 'fulfilment', 'after-sales', 'order-desk'];

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
  it('reads the import graph (checkout reaches payments, as it must)', () => {
    const fromCheckout = reachable(
      graph,
      [...graph.keys()].filter((f) => domainOf(f) === 'checkout'),
    );
    expect([...fromCheckout.keys()].some((f) => domainOf(f) === 'payments')).toBe(true);
  });

  it("nothing payments imports reaches the orders' folders (no payments ↔ orders cycle)", () => {
    const fromPayments = reachable(
      graph,
      [...graph.keys()].filter((f) => domainOf(f) === 'payments'),
    );
    const intoOrders = [...fromPayments.entries()]
      .filter(([f]) => ORDER_FOLDERS.includes(domainOf(f)))
      .map(([, path]) => show(path));
    expect(intoOrders).toEqual([]);
  });

  it("no domain imports another domain's queries (orders/'s are the order folders' record)", () => {
    const crossing = [...graph.entries()].flatMap(([file, targets]) =>
      targets
        .filter((t) => t.endsWith('.queries.ts') && domainOf(t) !== domainOf(file))
        .filter((t) => !(domainOf(t) === 'orders' && ORDER_RECORD_READERS.includes(domainOf(file))))
        .map((t) => show([file, t])),
    );
    expect(crossing).toEqual([]);
  });
});

// ───────────────────────────── the folders' directions ─────────────────────────────

/**
 * The folders of src/ in layers, bottom first (decision 060). A folder imports folders of its
 * own layer and of the layers below, never above; with no cycle anywhere (the next test), the
 * imports run one way. A new folder joins a layer here.
 */
const LAYERS: { layer: string; folders: string[] }[] = [
  // The database, mail transport and the HTTP plumbing: they import no domain.
  { layer: 'infrastructure', folders: ['db', 'mail', 'http'] },
  // What the domains stand on: the pincode directory, the stock ledger, the outbox, the
  // payment provider, the shopper's and staff's identity (sessions, back-office access, audit).
  {
    layer: 'foundations',
    folders: ['pincodes', 'stock', 'notifications', 'payments', 'accounts', 'staff'],
  },
  {
    layer: 'domains',
    folders: [
      'catalogue',
      'search',
      'profiles',
      'size-charts',
      'wishlist',
      'cart',
      'coupons',
      'reviews',
      'feedback',
      'referrals',
      'giveaways',
      'wholesale',
      'back-in-stock',
      'launches',
      'privacy',
      'settings',
      'tax',
      'shipping',
      'ops',
      'health',
    ],
  },
  // The order's record: its events, state machine, queries, ledger, refunds, cash on delivery.
  { layer: 'orders', folders: ['orders'] },
  // Its steps after payment: packing, shipping (shipping is its port), delivery, cancelling;
  // the parcels of orders, returns and exchanges with a courier.
  { layer: 'fulfilment', folders: ['fulfilment'] },
  // Placing and paying an order; returns, exchanges and refunds asked for by staff. Both may
  // call fulfilment (the sweep cancels, a return's pickup is booked), never each other.
  { layer: 'checkout and after-sales', folders: ['checkout', 'after-sales'] },
  // The order as the shopper and the staff see and work it: they call all three.
  { layer: 'order desk', folders: ['order-desk'] },
  // Money matched on top of the orders' ledger (Razorpay's settlement report): nothing imports it.
  { layer: 'settlements', folders: ['settlements'] },
  // They read or fill every domain; nothing imports them.
  { layer: 'on top', folders: ['reports', 'customers', 'recovery', 'seed'] },
];

/**
 * Files directly in src/ are no folder's. These are below every folder (they import none);
 * the others (app.ts, main.ts, outbox.ts) compose the folders, and a folder imports app.ts
 * only for its AppDeps type.
 */
const SHARED_ROOT_FILES = [
  'config.ts',
  'csv-writer.ts',
  'domain-errors.ts',
  'indian-days.ts',
  'pdf-text.ts',
  'private-files.ts',
  'server-dir.ts',
  'server-pid.ts',
  'shop-running.ts',
  'within.ts',
];

interface Import {
  from: string;
  to: string;
  typeOnly: boolean;
}

// Every import of another source, `import type` included: a type-only import makes no cycle
// when the server runs, but it is one in the design (the review's domain-cycles tool counts
// them too).
const ANY_IMPORT =
  /\b(import|export)(\s+type\b)?[^'";]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

const imports: Import[] = sources(SRC).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(ANY_IMPORT)].map((m) => ({
    from: file,
    to: sourceOf(file, (m[3] ?? m[4])!),
    typeOnly: m[2] !== undefined,
  })),
);

/** A file's folder under src/, or undefined for a file directly in src/. */
const folderOf = (file: string): string | undefined => {
  const parts = relative(SRC, file).split('/');
  return parts.length > 1 ? parts[0] : undefined;
};

/** Folder → the folders it imports, each with the first import that does. */
const folderGraph = new Map<string, Map<string, Import>>();
for (const i of imports) {
  const [from, to] = [folderOf(i.from), folderOf(i.to)];
  if (from === undefined || to === undefined || from === to) continue;
  const edges = folderGraph.get(from) ?? new Map<string, Import>();
  if (!edges.has(to)) edges.set(to, i);
  folderGraph.set(from, edges);
}

const edgeText = (i: Import) => `${relative(SRC, i.from)} imports ${relative(SRC, i.to)}`;

/** A cycle of folders as `a → b → a` with the import behind each step, or null when none. */
function findCycle(): string | null {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (folder: string): string[] | null => {
    const at = path.indexOf(folder);
    if (at >= 0) return [...path.slice(at), folder];
    if (done.has(folder)) return null;
    path.push(folder);
    for (const next of folderGraph.get(folder)?.keys() ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(folder);
    return null;
  };
  for (const folder of folderGraph.keys()) {
    const cycle = visit(folder);
    if (cycle) {
      const steps = cycle
        .slice(1)
        .map((to, k) => `  ${edgeText(folderGraph.get(cycle[k]!)!.get(to)!)}`);
      return [cycle.join(' → '), ...steps].join('\n');
    }
  }
  return null;
}

describe('the folders of src/ import one another in one direction', () => {
  it('reads the folder graph (checkout imports shipping; http, db, mail are imported)', () => {
    expect(folderGraph.get('checkout')?.has('shipping')).toBe(true);
    const imported = new Set([...folderGraph.values()].flatMap((edges) => [...edges.keys()]));
    for (const folder of ['http', 'db', 'mail']) expect(imported).toContain(folder);
  });

  it('has no cycle between folders, types included', () => {
    expect(findCycle()).toBeNull();
  });

  it('puts every folder in a layer, and none imports a layer above its own', () => {
    const layerOf = new Map(LAYERS.flatMap(({ folders }, n) => folders.map((f) => [f, n])));
    const folders = readdirSync(SRC, { withFileTypes: true })
      .filter((e) => e.isDirectory() && e.name !== 'test')
      .map((e) => e.name);
    expect(folders.filter((f) => !layerOf.has(f))).toEqual([]);
    const upwards = [...folderGraph].flatMap(([from, edges]) =>
      [...edges]
        .filter(([to]) => layerOf.get(to)! > layerOf.get(from)!)
        .map(([to, i]) => `${from} (${LAYERS[layerOf.get(from)!]!.layer}) → ${to}: ${edgeText(i)}`),
    );
    expect(upwards).toEqual([]);
  });

  it('imports files directly in src/ only when they are below every folder (app.ts: types)', () => {
    const wrong = imports.filter((i) => {
      if (folderOf(i.to) !== undefined) return false;
      const name = relative(SRC, i.to);
      if (SHARED_ROOT_FILES.includes(name)) return false;
      return folderOf(i.from) !== undefined && !(name === 'app.ts' && i.typeOnly);
    });
    const sharedImportFolders = imports.filter(
      (i) => SHARED_ROOT_FILES.includes(relative(SRC, i.from)) && folderOf(i.to) !== undefined,
    );
    expect([...wrong, ...sharedImportFolders].map(edgeText)).toEqual([]);
  });
});

// ───────────────────────────── entered through index.ts ─────────────────────────────

/** Every source and test under src/, the test helpers (src/test, the harness) left out. */
function everyFile(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === join(SRC, 'test') ? [] : everyFile(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const everyImport: Import[] = everyFile(SRC).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(ANY_IMPORT)].map((m) => ({
    from: file,
    to: sourceOf(file, (m[3] ?? m[4])!),
    typeOnly: m[2] !== undefined,
  })),
);

const indexOf = (folder: string) => join(SRC, folder, 'index.ts');

/** A deep import that is allowed: tests read any queries, the order's folders orders/'s. */
function mayReachInto({ from, to }: Import): boolean {
  if (!to.endsWith('.queries.ts')) return false;
  if (/\.test\.tsx?$/.test(from)) return true;
  return folderOf(to) === 'orders' && ORDER_RECORD_READERS.includes(folderOf(from) ?? '');
}

describe('each folder is entered through its index.ts (decision 077)', () => {
  it('reads every import, tests included (app.ts registers routes through the indexes)', () => {
    const app = join(SRC, 'app.ts');
    expect(everyImport.some((i) => i.from === app && i.to === indexOf('checkout'))).toBe(true);
    expect(everyImport.some((i) => /\.test\.ts$/.test(i.from))).toBe(true);
  });

  it('imports another folder only through its index.ts', () => {
    const deep = everyImport.filter((i) => {
      const [from, to] = [folderOf(i.from), folderOf(i.to)];
      if (to === undefined || to === 'test' || to === from) return false;
      return i.to !== indexOf(to) && !mayReachInto(i);
    });
    expect(deep.map(edgeText)).toEqual([]);
  });

  it("imports its own folder's files directly, never the folder's index.ts", () => {
    const own = everyImport.filter((i) => {
      const folder = folderOf(i.from);
      return folder !== undefined && i.to === indexOf(folder);
    });
    expect(own.map(edgeText)).toEqual([]);
  });

  it('gives every folder an index.ts, and no index offers queries', () => {
    const folders = readdirSync(SRC, { withFileTypes: true })
      .filter((e) => e.isDirectory() && e.name !== 'test')
      .map((e) => e.name);
    expect(folders.filter((f) => !existsSync(indexOf(f)))).toEqual([]);
    const offered = everyImport.filter(
      (i) => i.from === indexOf(folderOf(i.from) ?? '') && i.to.endsWith('.queries.ts'),
    );
    expect(offered.map(edgeText)).toEqual([]);
  });
});
