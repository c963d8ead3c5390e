// Writes dist/.vite/route-chunks.json: for each route id of the route table
// (src/app/routes.tsx), the built files of its page module that the entry does not already
// load. The server preloads a page's files from it by the ids of the routes the page matches,
// so no server file names a web source path (decision 040).
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

export const ROUTE_CHUNKS_FILE = '.vite/route-chunks.json';

/**
 * The page module each route id loads, in the route table's source: every route with a page
 * names its `id` before its `lazy`, so an `import('…')` belongs to the nearest `id` before it.
 * Imports before the first id (the keepers loaded after the load event) are no page's.
 */
export function routeModules(source: string): Map<string, string> {
  const modules = new Map<string, string>();
  let current: string | undefined;
  for (const match of source.matchAll(/\bid: '([\w-]+)'|\bimport\('([^']+)'\)/g)) {
    const [, id, specifier] = match;
    if (id !== undefined) {
      if (modules.has(id)) throw new Error(`route id '${id}' is used twice`);
      current = id;
    } else if (current !== undefined && specifier !== undefined) {
      if (modules.has(current)) throw new Error(`route '${current}' has two page modules`);
      modules.set(current, specifier);
    }
  }
  return modules;
}

/** What the map needs of one built chunk (Rollup's and Rolldown's OutputChunk). */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: readonly string[];
  imports: readonly string[];
}

/**
 * Route id → the files of its page module's chunk and the chunks it imports statically, less
 * those the entry loads. `modules` maps route ids to resolved module ids.
 */
export function routeChunkFiles(
  modules: ReadonlyMap<string, string>,
  chunks: readonly BuiltChunk[],
): Record<string, string[]> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (file: string, seen: Set<string>): Set<string> => {
    if (seen.has(file) || !byFile.has(file)) return seen;
    seen.add(file);
    for (const imported of byFile.get(file)!.imports) closure(imported, seen);
    return seen;
  };
  const entry = new Set<string>();
  for (const chunk of chunks) if (chunk.isEntry) closure(chunk.fileName, entry);
  const map: Record<string, string[]> = {};
  for (const [routeId, moduleId] of modules) {
    const chunk =
      chunks.find((c) => c.facadeModuleId === moduleId) ??
      chunks.find((c) => c.moduleIds.includes(moduleId));
    if (!chunk) throw new Error(`route '${routeId}': no chunk holds ${moduleId}`);
    map[routeId] = [...closure(chunk.fileName, new Set())].filter((f) => !entry.has(f));
  }
  return map;
}

/** The build step: reads `routesFile`, resolves its page modules, emits the map. */
export function routeChunks(routesFile: string): Plugin {
  return {
    name: 'kitroom:route-chunks',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const resolved = new Map<string, string>();
      for (const [routeId, specifier] of routeModules(readFileSync(routesFile, 'utf8'))) {
        const module = await this.resolve(specifier, routesFile);
        if (!module) throw new Error(`route '${routeId}': cannot resolve ${specifier}`);
        resolved.set(routeId, module.id);
      }
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_CHUNKS_FILE,
        source: JSON.stringify(routeChunkFiles(resolved, chunks), null, 2),
      });
    },
  };
}
