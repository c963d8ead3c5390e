import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contractTreeShaking } from './build/contract-tree-shaking';

const root = path.dirname(fileURLToPath(import.meta.url));
// The API server of `npm run dev -w apps/server` (apps/server/src/main.ts).
const apiServer = 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), contractTreeShaking()],
  resolve: { alias: { '@': path.join(root, 'src') } },
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
    // The server reads the manifest to preload each page's own chunks with its HTML.
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
  },
  // The server bundle (`vite build --ssr`, dist-server/) takes the libraries from
  // node_modules at run time, but compiles the contract's TypeScript in.
  ssr: { noExternal: ['@kitroom/contract'] },
}));
