import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': path.join(root, 'src') } },
  test: {
    environment: 'jsdom',
    // Playwright journeys live in e2e/ and never run under Vitest.
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    maxWorkers: 2,
    // A worker keeps its page (jsdom) from one file to the next instead of making it again for
    // each of the ~70 files: 151 s → 50 s for the suite on these 2-core machines (jsdom's
    // set-up alone was 108 s). The app's modules are still imported afresh for each file, and
    // storage, cookies and the address start over (src/test/setup.ts); the suite passed with
    // its files shuffled.
    isolate: false,
  },
});
