import { API_BASE } from '@app/contracts/paths';
import type { TestApp } from './test-app.ts';

/** The smallest valid PNG (1×1): what an upload test sends when the picture itself does not matter. */
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(
    '0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000000000400017a6b0a0d0000000049454e44ae426082',
    'hex',
  ),
]);

/** A JPEG's first bytes (its signature): enough for the servers' checks of what a file is. */
export const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);

/** A form field, or a file (a PNG named `image.png` unless told). */
export type MultipartPart =
  { name: string; value: string } | { name: string; file: Buffer; filename?: string; type?: string };

/** A multipart/form-data body as a browser's form sends it. */
export function multipart(parts: MultipartPart[]): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = '----test-boundary-7MA4YWxk';
  const chunks = parts.flatMap((part) =>
    'file' in part
      ? [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename ?? 'image.png'}"\r\nContent-Type: ${part.type ?? 'image/png'}\r\n\r\n`,
          ),
          part.file,
          Buffer.from('\r\n'),
        ]
      : [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
          ),
        ],
  );
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POSTs a multipart form to an /api path as the member with `token` (none: a visitor). */
export async function postMultipart(
  ctx: Pick<TestApp, 'app'>,
  path: string,
  token: string | undefined,
  parts: MultipartPart[],
) {
  const body = multipart(parts);
  const response = await ctx.app.inject({
    method: 'POST',
    url: `${API_BASE}${path}`,
    headers: { ...body.headers, ...(token ? { token } : {}) },
    payload: body.payload,
  });
  return { status: response.statusCode, ...response.json() };
}
