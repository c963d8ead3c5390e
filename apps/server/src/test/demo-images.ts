// The demo pictures for tests, made once into a cache shared by test files and runs and
// copied into each test's DATA_DIR. File names carry their drawing's hash, so a cache made
// from an older drawing is simply not used.
import { createHash } from 'node:crypto';
import { cp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildDemoCatalogue } from '../seed/demo-catalogue.js';
import { ensureImages, ImagePool } from '../seed/product-images.js';

/** Puts every demo picture under dataDir/images/products. */
export async function provideDemoImages(dataDir: string): Promise<void> {
  const pool = new ImagePool();
  buildDemoCatalogue(pool);
  const files = pool.files();
  const key = createHash('sha256')
    .update(files.map((f) => f.path).join('\n'))
    .digest('hex')
    .slice(0, 12);
  const cacheDir = path.join(os.tmpdir(), `kitroom-demo-images-${key}`);
  await ensureImages(cacheDir, files);
  await cp(path.join(cacheDir, 'images'), path.join(dataDir, 'images'), { recursive: true });
}
