// The bytes of a picture uploaded as the multipart field `file` (a product's, a giveaway's),
// refused when over the limit (nothing is kept then). What the bytes are is for sharp to say
// (catalogue/pictures.service.ts).
import { MAX_PICTURE_BYTES } from '@kitroom/contract/admin';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.js';

export const PICTURE_TOO_LARGE = `file: a picture may be at most ${MAX_PICTURE_BYTES / 1024 / 1024} MB`;
export const FILE_MISSING = 'file: attach the picture as the form field "file"';

export async function uploadedPictureBytes(request: FastifyRequest): Promise<Buffer> {
  const file = await request.file({ limits: { fileSize: MAX_PICTURE_BYTES } });
  if (!file || file.fieldname !== 'file') throw badRequest(FILE_MISSING);
  try {
    return await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, PICTURE_TOO_LARGE);
    }
    throw err;
  }
}
