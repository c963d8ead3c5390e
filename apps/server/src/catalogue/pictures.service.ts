// A product's three pictures (image_url the main one, image1, image2): uploads read with
// sharp — the bytes decide what an image is, not its name — converted to WebP 600 px wide
// (the storefront's originals; http/image-variants.ts makes the narrower copies on request)
// and named by a hash of their content under DATA_DIR/images/products. A refused upload
// writes no file.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PICTURE_SLOTS, type PictureSlot, type ProductResponse } from '@kitroom/contract/admin';
import sharp, { type Sharp } from 'sharp';
import type { Db } from '../db/index.js';
import { Conflict, DomainError, Invalid, NotFound } from '../domain-errors.js';
import { record, type Actor } from '../staff/index.js';
import { getProduct, PRODUCT_NOT_FOUND } from './products-admin.service.js';
import * as q from './products-admin.queries.js';

/** The storefront's originals are this wide. */
export const PICTURE_WIDTH = 600;
/** Where uploaded pictures go, relative to DATA_DIR (as the seed's pictures). */
export const UPLOAD_DIR = 'images/products';

export const NOT_A_PICTURE = 'file: this is not a JPEG, PNG, WebP or AVIF picture';
export const MAIN_PICTURE_NEEDED =
  'image_url: the main picture can be removed only when another picture can take its place';

/** sharp's names of the formats staff may upload (AVIF is read as HEIF with AV1). */
async function checkedPicture(bytes: Buffer): Promise<Sharp> {
  try {
    const image = sharp(bytes, { failOn: 'error' });
    const meta = await image.metadata();
    const isAvif = meta.format === 'heif' && meta.compression === 'av1';
    if (!['jpeg', 'png', 'webp'].includes(meta.format ?? '') && !isAvif) {
      throw new Invalid(NOT_A_PICTURE);
    }
    if (!meta.width || !meta.height) throw new Invalid(NOT_A_PICTURE);
    return image;
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw new Invalid(NOT_A_PICTURE);
  }
}

/** Converts and stores a picture; returns its path relative to DATA_DIR. */
export async function storePicture(dataDir: string, bytes: Buffer): Promise<string> {
  const image = await checkedPicture(bytes);
  let webp: Buffer;
  try {
    webp = await image
      .rotate()
      .resize({ width: PICTURE_WIDTH })
      .webp({ quality: 82, effort: 4 })
      .toBuffer();
  } catch {
    throw new Invalid(NOT_A_PICTURE);
  }
  const hash = createHash('sha256').update(webp).digest('hex').slice(0, 20);
  const relative = `${UPLOAD_DIR}/upload-${hash}.webp`;
  const target = path.join(dataDir, relative);
  const exists = await stat(target).then(
    () => true,
    () => false,
  );
  if (!exists) {
    await mkdir(path.dirname(target), { recursive: true });
    // Written aside and renamed: no process sharing DATA_DIR serves half a file.
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, webp);
    await rename(temporary, target);
  }
  return relative;
}

type Slots = q.Pictures;

function listOf(p: Slots): (string | null)[] {
  return [p.image_url === '' ? null : p.image_url, p.image1, p.image2];
}

/** Pictures packed into the slots in order, the first one main. */
function packed(pictures: readonly (string | null)[]): Slots {
  const present = pictures.filter((p): p is string => p !== null && p !== '');
  return { image_url: present[0] ?? '', image1: present[1] ?? null, image2: present[2] ?? null };
}

async function changePictures(
  db: Db,
  actor: Actor,
  productId: number,
  change: (current: Slots) => Slots,
): Promise<ProductResponse> {
  await db.transaction(async (tx) => {
    const product = await q.findProduct(tx, productId, true);
    if (!product) throw new NotFound(PRODUCT_NOT_FOUND);
    const before: Slots = {
      image_url: product.image_url,
      image1: product.image1,
      image2: product.image2,
    };
    const after = change(before);
    if (PICTURE_SLOTS.every((s) => before[s] === after[s])) return;
    await q.updatePictures(tx, productId, after);
    await record(tx, actor, {
      entity: 'product',
      entityId: productId,
      action: 'pictures',
      before: { ...before },
      after: { ...after },
    });
  });
  return getProduct(db, productId);
}

/** Whether the product exists (checked before an upload is read). */
export async function productExists(db: Db, productId: number): Promise<void> {
  if (!(await q.findProduct(db, productId))) throw new NotFound(PRODUCT_NOT_FOUND);
}

/** Puts a stored picture into a slot; with no main picture yet, it becomes the main one. */
export function placePicture(
  db: Db,
  actor: Actor,
  productId: number,
  slot: PictureSlot,
  picture: string,
): Promise<ProductResponse> {
  return changePictures(db, actor, productId, (current) => {
    if (current.image_url === '') return { ...current, image_url: picture };
    return { ...current, [slot]: picture };
  });
}

/** Reorders: the pictures of the named slots, in that order; the first is the main one. */
export function arrangePictures(
  db: Db,
  actor: Actor,
  productId: number,
  order: readonly PictureSlot[],
): Promise<ProductResponse> {
  return changePictures(db, actor, productId, (current) => {
    const missing = PICTURE_SLOTS.filter(
      (s) => !order.includes(s) && listOf(current)[PICTURE_SLOTS.indexOf(s)] !== null,
    );
    if (missing.length > 0) {
      throw new Invalid(`order: name every slot that has a picture (${missing.join(', ')})`);
    }
    return packed(order.map((s) => listOf(current)[PICTURE_SLOTS.indexOf(s)] ?? null));
  });
}

/** Removes a picture; the others move up, so the next one becomes main if it was the main. */
export function removePicture(
  db: Db,
  actor: Actor,
  productId: number,
  slot: PictureSlot,
): Promise<ProductResponse> {
  return changePictures(db, actor, productId, (current) => {
    const pictures = listOf(current);
    const index = PICTURE_SLOTS.indexOf(slot);
    if (pictures[index] === null) throw new NotFound(`${slot}: this slot has no picture`);
    const rest = pictures.filter((_, i) => i !== index);
    if (slot === 'image_url' && rest.every((p) => p === null))
      throw new Conflict(MAIN_PICTURE_NEEDED);
    return packed(rest);
  });
}
