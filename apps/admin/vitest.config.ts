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
    // A worker keeps its page (jsdom) and modules from one file to the next instead of making
    // them again for each of the ~40 files: 116 s → 33 s for the suite on these 2-core
    // machines (jsdom's set-up alone was 65 s). Each test unmounts what it rendered and
    // clears the browser's storage (src/test/setup.ts); the suite passed in shuffled orders.
    isolate: false,
  },
});
