import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// The storefront's build plugin, shared: a new build keeps the one before it (see the file).
import { keepEarlierBuild } from '../web/build/keep-earlier-build';

const root = path.dirname(fileURLToPath(import.meta.url));
// The API server of `npm run dev -w apps/server` (apps/server/src/main.ts).
const apiServer = 'http://localhost:3000';

// The back office: its own bundle, served by the shop's server under /admin (never rendered
// on the server), so the storefront's budgets never pay for it.
export default defineConfig({
  base: '/admin/',
  plugins: [react(), tailwindcss(), keepEarlierBuild()],
  resolve: { alias: { '@': path.join(root, 'src') } },
  server: {
    port: 5174,
    proxy: {
      '/api': {
        target: apiServer,
        // State-changing admin calls must come from the shop's own origin (PUBLIC_URL); the
        // dev server stands in for it.
        configure: (proxy) => proxy.on('proxyReq', (req) => req.setHeader('origin', apiServer)),
      },
    },
  },
  // One chunk for the whole app (zod's schemas are most of it; decision 014), the QR encoder
  // of the setup page apart.
  build: { target: 'es2022', assetsInlineLimit: 0, chunkSizeWarningLimit: 600 },
});
