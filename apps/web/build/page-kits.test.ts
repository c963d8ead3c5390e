// Which kit a shared icon or UI module goes into: by the first-visit pages that use it, an
// icon counted only where its name is imported from lucide-react's barrel, a feature's module
// only where its name is imported from the feature's index; what only a page's later parts
// use, with them.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { featureImports, indexExports, lucideExports, lucideImports, pageKits } from './page-kits';

const web = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(web, 'src');
const barrel = path.join(web, '../../node_modules/lucide-react/dist/esm/lucide-react.mjs');
const icon = (file: string) => path.join(path.dirname(barrel), 'icons', file);
const home = path.join(src, 'features/catalogue/home-page.tsx');
const listing = path.join(src, 'features/catalogue/all-products-page.tsx');
const product = path.join(src, 'features/catalogue/product-page.tsx');
const checkout = path.join(src, 'app/checkout-route.tsx');
const card = path.join(src, 'ui/product-card.tsx');
const field = path.join(src, 'ui/form-field.tsx');
const later = path.join(src, 'features/catalogue/deferred-parts.tsx');
const grid = path.join(src, 'ui/product-grid.tsx');

/** A module graph: each module's static importers and its code. */
function graph(
  modules: Record<string, { importers: string[]; code?: string }>,
): Rolldown.ChunkingContext {
  return {
    getModuleInfo: (id) =>
      modules[id]
        ? ({
            id,
            code: modules[id].code ?? '',
            importers: modules[id].importers,
          } as Rolldown.ModuleInfo)
        : null,
  };
}

describe('the page kits', () => {
  it('reads the names lucide-react exports for an icon and those a module imports', () => {
    const names = lucideExports(
      "export { index as icons };\nexport { default as Heart, default as HeartIcon, default as LucideHeart } from './icons/heart.mjs';",
    );
    expect(names.get('heart.mjs')).toEqual(['Heart', 'HeartIcon', 'LucideHeart']);
    expect([
      ...lucideImports('import {\n  Check,\n  Link as LinkIcon,\n} from "lucide-react";'),
    ]).toEqual(['Check', 'Link']);
  });

  it('puts a module by the first-visit pages that reach it', () => {
    const kitOf = pageKits(path.join(src, 'app/routes.tsx'), src);
    const ctx = graph({
      [card]: { importers: [home, listing, product] },
      [field]: { importers: [product, checkout] },
      [barrel]: { importers: [home, product, checkout] },
      [icon('heart.mjs')]: { importers: [barrel, icon('index.mjs')] },
      [icon('lock.mjs')]: { importers: [barrel, icon('index.mjs')] },
      [icon('index.mjs')]: { importers: [barrel] },
      [home]: { importers: [], code: 'import { Heart, Store } from "lucide-react";' },
      [product]: { importers: [], code: 'import { Heart as H } from "lucide-react";' },
      [checkout]: { importers: [], code: 'import { Lock } from "lucide-react";' },
    });
    expect(kitOf(card, ctx)).toBe('browse');
    expect(kitOf(field, ctx)).toBe('product-kit');
    expect(kitOf(icon('heart.mjs'), ctx)).toBe('browse');
    // Every page imports the barrel, but only checkout imports the lock.
    expect(kitOf(icon('lock.mjs'), ctx)).toBeNull();
  });

  it('puts what only a page’s later parts use with them, and what a page loads first in its kit', () => {
    const kitOf = pageKits(path.join(src, 'app/routes.tsx'), src);
    const ctx = graph({
      [field]: { importers: [later, checkout] },
      [grid]: { importers: [listing, later] },
      [card]: { importers: [home, listing, later] },
      [later]: { importers: [] },
      [home]: { importers: [] },
      [listing]: { importers: [] },
      [checkout]: { importers: [] },
    });
    expect(kitOf(field, ctx)).toBe('product-later-kit');
    expect(kitOf(grid, ctx)).toBe('listing-kit');
    expect(kitOf(card, ctx)).toBe('browse');
  });

  it('reads the names a feature’s index re-exports and those a module takes from it', () => {
    const names = indexExports(
      'export { NotifyMe } from \'./notify-me\';\nexport { useSizeFromLink, type Size as S } from "./use-size-from-link.ts";',
    );
    expect(names.get('notify-me')).toEqual(['NotifyMe']);
    expect(names.get('use-size-from-link')).toEqual(['useSizeFromLink', 'S']);
    expect([
      ...featureImports(
        'import { useSizeFromLink } from "@/features/back-in-stock";\nexport { NotifyMe as Later } from \'@/features/back-in-stock\';\nimport { DeliveryBox } from "@/features/delivery";',
        'back-in-stock',
      ),
    ]).toEqual(['useSizeFromLink', 'NotifyMe']);
  });

  it('reaches a module through a feature’s index only from the modules that import its names', () => {
    const kitOf = pageKits(path.join(src, 'app/routes.tsx'), src);
    const index = path.join(src, 'features/back-in-stock/index.ts');
    const form = path.join(src, 'features/back-in-stock/notify-me.tsx');
    const hook = path.join(src, 'features/back-in-stock/use-size-from-link.ts');
    const bell = icon('bell-ring.mjs');
    const ctx = graph({
      [bell]: { importers: [barrel] },
      [barrel]: { importers: [form] },
      [field]: { importers: [form, hook] },
      [form]: { importers: [index], code: 'import { BellRing } from "lucide-react";' },
      [hook]: { importers: [index] },
      [index]: {
        importers: [product, later],
        code: "export { NotifyMe } from './notify-me';\nexport { useSizeFromLink } from './use-size-from-link';",
      },
      [product]: {
        importers: [],
        code: 'import { useSizeFromLink } from "@/features/back-in-stock";',
      },
      [later]: { importers: [], code: 'export { NotifyMe } from "@/features/back-in-stock";' },
    });
    expect(kitOf(bell, ctx)).toBe('product-later-kit');
    // Through the hook, which the page imports, the field is the page's.
    expect(kitOf(field, ctx)).toBe('product-kit');
  });
});
