// Narrower copies of the product pictures, for the phones that show them small: a 600 px
// picture drawn in a 184 px grid cell costs a mobile network twice the bytes it needs.
// `/images/w360/products/x.webp` is `/images/products/x.webp` 360 px wide, made with sharp
// on its first request and stored under DATA_DIR/image-variants/. Picture names carry a hash
// of their content, so a variant never changes either and is cached for good.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

/** The widths the storefront asks for (apps/web/src/ui/product-image.tsx); originals are 600. */
export const VARIANT_WIDTHS = [240, 360, 480] as const;
const WEBP = { quality: 80, effort: 4 } as const;
const YEAR_SECONDS = 365 * 24 * 60 * 60;
const PICTURE = /^[a-z0-9][a-z0-9_-]*(?:\/[a-z0-9][a-z0-9._-]*)*\.webp$/i;

/** Registers GET /images/w<width>/<picture> for each width. */
export function registerImageVariants(
  app: FastifyInstance,
  options: { imagesDir: string; variantsDir: string },
): void {
  const imagesDir = path.resolve(options.imagesDir);
  const variantsDir = path.resolve(options.variantsDir);
  // Variants being made, so that concurrent requests for one share the work.
  const making = new Map<string, Promise<void>>();

  async function make(source: string, target: string, width: number): Promise<void> {
    await mkdir(path.dirname(target), { recursive: true });
    // Written aside and renamed, so that no process sharing DATA_DIR serves half a file.
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    await sharp(source).resize({ width, withoutEnlargement: true }).webp(WEBP).toFile(temporary);
    await rename(temporary, target);
  }

  for (const width of VARIANT_WIDTHS) {
    app.get<{ Params: { '*': string } }>(`/images/w${width}/*`, async (request, reply) => {
      const picture = request.params['*'];
      const source = path.join(imagesDir, picture);
      if (
        !PICTURE.test(picture) ||
        !source.startsWith(imagesDir + path.sep) ||
        !existsSync(source)
      ) {
        return reply.callNotFound();
      }
      const target = path.join(variantsDir, `w${width}`, picture);
      if (!existsSync(target)) {
        let pending = making.get(target);
        if (!pending) {
          pending = make(source, target, width).finally(() => making.delete(target));
          making.set(target, pending);
        }
        await pending;
      }
      return reply
        .type('image/webp')
        .header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`)
        .send(await readFile(target));
    });
  }
}
