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
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    maxWorkers: 2,
    // The settings forms are typed into key by key: about 4 s a test on a quiet machine, over
    // Vitest's 5 s default on a loaded or slower one (seen on 2026-11-30).
    testTimeout: 15_000,
    // A worker keeps its page (jsdom) from one file to the next instead of making it again for
    // each of the ~40 files: 116 s → 35 s for the suite on these 2-core machines (jsdom's
    // set-up alone was 65 s). The app's modules are still imported afresh for each file, and
    // storage, cookies and the address start over (src/test/setup.ts); the suite passed with
    // its files shuffled.
    isolate: false,
  },
});
