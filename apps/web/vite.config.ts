import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contractTreeShaking } from './build/contract-tree-shaking';
import { keepEarlierBuild } from './build/keep-earlier-build';
import { pageKits } from './build/page-kits';
import { precompressAssets } from './build/precompress';
import { routeChunks } from './build/route-chunks';

const root = path.dirname(fileURLToPath(import.meta.url));
// The API server of `npm run dev -w apps/server` (apps/server/src/main.ts).
const apiServer = 'http://localhost:3000';
const routesFile = path.join(root, 'src/app/routes.tsx');
// The modules the page kits share out (decision 085): every icon, the web's src/ui/ and the kit
// both apps share (packages/ui/src/), but for the crests, which only the team pages draw.
const kitModules =
  /node_modules[\\/]lucide-react[\\/]|[\\/](src[\\/]ui[\\/]|packages[\\/]ui[\\/]src[\\/](?!crests))/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    contractTreeShaking(),
    keepEarlierBuild(),
    ...(isSsrBuild ? [] : [precompressAssets(), routeChunks(routesFile)]),
  ],
  resolve: {
    // No alias to React Router's production build any more (decision 052): the storefront's
    // router is its own (decision 080).
    alias: [{ find: '@', replacement: path.join(root, 'src') }],
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/images': apiServer,
      '/sitemap.xml': apiServer,
    },
  },
  build: {
    target: 'es2022',
    // Inlining small assets would push them into the critical JS; the budgets count every kB.
    assetsInlineLimit: 0,
    // The bundle report reads the manifest; the server preloads each page's own chunks from
    // build/route-chunks.ts's map, written beside it.
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    // Fewer, larger chunks (decision 010): Rolldown's default gave every module shared by the
    // entry and a lazy page, and every icon, a chunk of its own: 24 files on the first visit
    // to home, 1-2 kB each, each a request that waits its turn on a phone's connection. Now the
    // entry's whole static graph is one file, and the icons and shared UI of the pages a few
    // kits, split by the first-visit pages that use them (decision 085): home, the listing and
    // a product page load their own and not checkout's or the account pages'.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: 'app', tags: ['$initial'], priority: 3 },
                // The states and their GST codes, which the address forms in `kit` use, and the
                // product page's pincode box (its shipping fee): a file of their own, so that
                // the box does not load the address forms with them.
                {
                  name: 'states',
                  test: /[\\/]packages[\\/]contract[\\/]src[\\/]states\.ts$/,
                  priority: 2.5,
                },
                // First what the first-visit pages use, so that a module the other pages share
                // with them does not go into `kit` as a dependency of one they do not use.
                {
                  name: pageKits(routesFile, path.join(root, 'src')),
                  test: kitModules,
                  minShareCount: 2,
                  priority: 2,
                },
                { name: 'kit', test: kitModules, minShareCount: 2, priority: 1 },
              ],
            },
          },
        },
  },
  // The server bundle (`vite build --ssr`, dist-server/) takes the libraries from
  // node_modules at run time, but compiles the contract's and the UI kit's TypeScript in.
  ssr: { noExternal: ['@kitroom/contract', '@kitroom/ui'] },
}));
