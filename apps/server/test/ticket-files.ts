import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { DEV_OPERATOR_TOKEN } from '../src/config.ts';
import type { TestServer } from './test-server.ts';

/** A marker written into each test image's metadata: re-encoding must leave none of it. */
export const SECRET = 'GPS-48.8584N-2.2945E-secret-camera-owner';

/** A real image of `format` carrying EXIF (with SECRET) and, for png, a text chunk too. */
export async function imageWithMetadata(format: 'png' | 'jpeg' | 'webp', width = 64, height = 48) {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } }).withExif({
    IFD0: { Copyright: SECRET, ImageDescription: SECRET, Artist: SECRET },
  });
  const bytes = await (format === 'png' ? base.png() : format === 'jpeg' ? base.jpeg() : base.webp()).toBuffer();
  if (!bytes.includes(SECRET)) throw new Error(`the ${format} fixture carries no metadata to strip`);
  return bytes;
}

/** A png of random pixels (barely compressible) of at least `bytes` bytes. */
export async function noisePng(bytes: number) {
  const side = Math.ceil(Math.sqrt(bytes / 3)) + 8;
  const raw = Buffer.alloc(side * side * 3 + 4);
  for (let i = 0; i + 4 <= raw.length; i += 4) raw.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, i);
  return sharp(raw.subarray(0, side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer) {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const frame = Buffer.alloc(8);
  frame.writeUInt32BE(data.length, 0);
  frame.writeUInt32BE(crc32(body) >>> 0, 4);
  return Buffer.concat([frame.subarray(0, 4), body, frame.subarray(4)]);
}

/**
 * A png written by hand whose header declares `width` x `height` (8-bit grey). Its pixel data is all zero,
 * which deflates to almost nothing (1 x 30,000,000 is 58 KB), or, with `garbage`, bytes no decoder accepts:
 * such a file is refused as damaged if it is ever decoded, so a refusal for its size proves the header alone
 * was read.
 */
export function declaredPng(width: number, height: number, { garbage = false } = {}) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth; colour type 0 (grey), no interlace
  const idat = garbage ? Buffer.alloc(64, 0xa5) : deflateSync(Buffer.alloc(height * (width + 1)), { level: 9 });
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', ihdr), pngChunk('IDAT', idat), pngChunk('IEND', Buffer.alloc(0))]);
}

export interface UploadFile {
  name: string;
  type: string;
  bytes: Buffer | Uint8Array;
}

/** The upload as a browser sends it: multipart, not signed, with the session token. */
export async function upload(server: TestServer, token: string | null, files: UploadFile[]) {
  const form = new FormData();
  for (const f of files) form.append('file', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  const response = await fetch(`${server.baseUrl}/v1/cms/work/attach`, {
    method: 'POST',
    headers: token ? { authorization: token } : {},
    body: form,
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: tests read any field of the envelope
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: response.status, json, text };
}

/** An image read back the way the owner's client reads it (GET, signed like every call). */
export async function operatorGet(server: TestServer, path: string) {
  return fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${DEV_OPERATOR_TOKEN}` } });
}

export async function operatorPost(server: TestServer, path: string, body: unknown) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${DEV_OPERATOR_TOKEN}`,
      'content-type': 'application/json',
      'x-operator': 'support-alice',
    },
    body: JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read any field of the envelope
  return { status: response.status, json: (await response.json()) as any };
}
