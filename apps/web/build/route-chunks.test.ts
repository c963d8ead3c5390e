// The route → files map the server preloads pages from: every page of the route table is in
// it, with its own files and none the entry already loads.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteObject } from '../src/ui/router';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/routes';
import { routeChunkFiles, routeModules } from './route-chunks';

const routesFile = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/app/routes.tsx');

function pageRoutes(list: RouteObject[]): RouteObject[] {
  return list.flatMap((r) => [...(r.lazy ? [r] : []), ...pageRoutes(r.children ?? [])]);
}

describe('the route table’s page modules', () => {
  it('names one module for every route with a page, under the route’s id', () => {
    const modules = routeModules(readFileSync(routesFile, 'utf8'));
    const withPages = pageRoutes(routes);
    expect(withPages.every((r) => typeof r.id === 'string')).toBe(true);
    expect([...modules.keys()].sort()).toEqual(withPages.map((r) => r.id).sort());
    expect(modules.get('product')).toBe('@/features/catalogue/product-page');
    expect(modules.get('requireUser')).toBe('@/features/accounts/require-user');
  });

  it('refuses a route table it would read wrong', () => {
    expect(() => routeModules("{ id: 'a', lazy: () => import('x') }, { id: 'a' }")).toThrow(
      "route id 'a' is used twice",
    );
    expect(() => routeModules("{ id: 'a', lazy: () => import('x'), other: import('y') }")).toThrow(
      "route 'a' has two page modules",
    );
  });
});

describe('the files of each route', () => {
  const chunk = (fileName: string, imports: string[], more: Partial<{ facade: string }> = {}) => ({
    fileName,
    isEntry: fileName === 'index.js',
    facadeModuleId: more.facade ?? null,
    moduleIds: more.facade ? [more.facade] : [],
    imports,
  });
  const chunks = [
    chunk('index.js', ['shared.js']),
    chunk('shared.js', []),
    chunk('product.js', ['index.js', 'shared.js', 'gallery.js'], { facade: '/src/product.tsx' }),
    chunk('gallery.js', ['index.js']),
  ];

  it('are its chunk and what it imports, less the entry’s', () => {
    const map = routeChunkFiles(new Map([['product', '/src/product.tsx']]), chunks);
    expect(map).toEqual({ product: ['product.js', 'gallery.js'] });
  });

  it('stop the build when a route’s module is in no chunk', () => {
    expect(() => routeChunkFiles(new Map([['gone', '/src/gone.tsx']]), chunks)).toThrow(
      "route 'gone': no chunk holds /src/gone.tsx",
    );
  });
});
