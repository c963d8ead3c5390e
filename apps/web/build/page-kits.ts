// Which file each shared icon and UI module goes into (decision 085): the first-visit pages
// (home, the listing, a product) load what they draw and not the icons and forms of checkout
// or the account pages, in a handful of files rather than one per module (decision 010). What
// only a page's later parts use (decision 086) loads with them.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Rolldown } from 'vite';
import { routeModules } from './route-chunks';

/** The pages a shopper first lands on, by route id, and the name of each one's own kit. */
export const FIRST_VISIT_PAGES: Readonly<Record<string, string>> = {
  home: 'home-kit',
  allProducts: 'listing-kit',
  product: 'product-kit',
};

/**
 * A first-visit page's parts whose code loads after the page (decision 086), by module under
 * src/, and the kit of the shared modules only they use of the first-visit pages' code.
 */
export const LATER_PARTS: Readonly<Record<string, string>> = {
  'features/catalogue/deferred-parts.tsx': 'product-later-kit',
};
const LATER_KITS = new Set(Object.values(LATER_PARTS));

const LUCIDE = /node_modules[\\/]lucide-react[\\/]/;
const LUCIDE_BARREL = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
const LUCIDE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g;
const FEATURE_INDEX = /[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]index\.tsx?$/;

/**
 * The kit a module goes into: `browse` when two or more first-visit pages use it, that page's
 * own kit when one does, the later parts' kit when only they do, none when none does (the
 * group after it takes the other pages' shared icons and UI).
 */
export type KitName = (moduleId: string, ctx: Rolldown.ChunkingContext) => string | null;

/** Export names of lucide-react's barrel by icon file: `./icons/heart.mjs` → Heart, HeartIcon… */
export function lucideExports(barrel: string): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const [, list, file] of barrel.matchAll(/export\s*\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    const exported = list!.split(',').map((part) =>
      part
        .trim()
        .split(/\s+as\s+/)
        .pop()!,
    );
    names.set(path.basename(file!), exported);
  }
  return names;
}

/** The names a module's code imports from lucide-react. */
export function lucideImports(code: string): Set<string> {
  const names = new Set<string>();
  for (const [, list] of code.matchAll(LUCIDE_IMPORT)) {
    for (const part of list!.split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0];
      if (name) names.add(name);
    }
  }
  return names;
}

/** The names a feature's index re-exports, by the file they come from ('notify-me' → NotifyMe). */
export function indexExports(code: string): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const [, list, file] of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    const exported = list!
      .split(',')
      .map((part) =>
        part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)
          .pop()!,
      )
      .filter(Boolean);
    const key = path.basename(file!).replace(/\.[jt]sx?$/, '');
    names.set(key, [...(names.get(key) ?? []), ...exported]);
  }
  return names;
}

/** The names a module imports, or re-exports, from feature `feature`'s index. */
export function featureImports(code: string, feature: string): Set<string> {
  const names = new Set<string>();
  const from = new RegExp(
    `(?:import|export)\\s*\\{([^}]*)\\}\\s*from\\s*["'][^"']*features/${feature}(?:/index(?:\\.tsx?)?)?["']`,
    'g',
  );
  for (const [, list] of code.matchAll(from)) {
    for (const part of list!.split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0];
      if (name) names.add(name);
    }
  }
  return names;
}

/** `routesFile`'s first-visit page modules, resolved by path (`@/` is src/). */
function firstVisitModules(routesFile: string, src: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const [routeId, specifier] of routeModules(readFileSync(routesFile, 'utf8'))) {
    const kit = FIRST_VISIT_PAGES[routeId];
    if (!kit) continue;
    const base = path.join(src, specifier.replace(/^@\//, ''));
    const file = ['.tsx', '.ts'].map((ext) => base + ext).find((f) => existsSync(f));
    if (!file) throw new Error(`route '${routeId}': cannot find ${specifier}`);
    pages.set(file, kit);
  }
  if (pages.size !== Object.keys(FIRST_VISIT_PAGES).length) {
    throw new Error('a first-visit page is missing from the route table');
  }
  return pages;
}

export function pageKits(routesFile: string, src: string): KitName {
  const pages = firstVisitModules(routesFile, src);
  for (const [file, kit] of Object.entries(LATER_PARTS)) {
    if (!existsSync(path.join(src, file))) throw new Error(`later parts: cannot find ${file}`);
    pages.set(path.join(src, file), kit);
  }
  let iconNames: Map<string, string[]> | undefined;

  /** The first-visit pages whose static imports reach `moduleId`. */
  const pagesUsing = (moduleId: string, ctx: Rolldown.ChunkingContext): Set<string> => {
    const found = new Set<string>();
    const seen = new Set<string>();
    // Through the barrel, an icon is reached only from the modules that import its names.
    const importsIcon = (importer: string, barrel: string) => {
      const code = ctx.getModuleInfo(importer)?.code;
      if (code == null) return true;
      iconNames ??= lucideExports(readFileSync(barrel, 'utf8'));
      const imported = lucideImports(code);
      return (iconNames.get(path.basename(moduleId)) ?? []).some((name) => imported.has(name));
    };
    // Through a feature's index, a module is reached only from the modules that import its
    // names (the product page takes a hook from back-in-stock, not its Notify me form).
    const importsThrough = (importer: string, index: string, feature: string, from: string) => {
      const indexCode = ctx.getModuleInfo(index)?.code;
      const code = ctx.getModuleInfo(importer)?.code;
      if (indexCode == null || code == null) return true;
      const names = indexExports(indexCode).get(path.basename(from).replace(/\.[jt]sx?$/, ''));
      // `export *` in the index, or a namespace import of it: every name may be used.
      if (
        !names ||
        new RegExp(`\\*\\s*(as\\s+\\w+\\s*)?from\\s*["'][^"']*features/${feature}`).test(code)
      ) {
        return true;
      }
      const imported = featureImports(code, feature);
      return names.some((name) => imported.has(name));
    };
    const visit = (id: string, from?: string) => {
      const index = FEATURE_INDEX.exec(id);
      const key = index && from ? `${id} <- ${from}` : id;
      if (seen.has(key)) return;
      seen.add(key);
      const kit = pages.get(id);
      if (kit) {
        found.add(kit);
        return;
      }
      for (const importer of ctx.getModuleInfo(id)?.importers ?? []) {
        // An icon is ours through the barrel only (not the `icons` namespace that lists all).
        if (LUCIDE.test(importer) && !LUCIDE_BARREL.test(importer)) continue;
        if (LUCIDE_BARREL.test(id) && !importsIcon(importer, id)) continue;
        if (index && from && !importsThrough(importer, id, index[1]!, from)) continue;
        visit(importer, id);
      }
    };
    visit(moduleId);
    return found;
  };

  return (moduleId, ctx) => {
    const using = [...pagesUsing(moduleId, ctx)];
    // A page that loads a module first has it in its kit, whatever its later parts use.
    const first = using.filter((kit) => !LATER_KITS.has(kit));
    if (first.length === 0) return using[0] ?? null;
    if (first.length === 1) return first[0]!;
    return 'browse';
  };
}
