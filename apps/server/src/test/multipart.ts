// Multipart bodies for upload tests, and real pictures made with sharp.
import sharp from 'sharp';

const BOUNDARY = '----kitroom-test-boundary';

/** A multipart/form-data body with one file part, and its content-type header. */
export function multipartFile(
  bytes: Buffer,
  o: { field?: string; filename?: string; type?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const head = Buffer.from(
    `--${BOUNDARY}\r\n` +
      `Content-Disposition: form-data; name="${o.field ?? 'file'}"; filename="${o.filename ?? 'picture.png'}"\r\n` +
      `Content-Type: ${o.type ?? 'image/png'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

/** A real PNG of one colour. */
export function pngPicture(width = 800, height = 1000, colour = '#1d4ed8'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}
