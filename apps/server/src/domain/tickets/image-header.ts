import sharp, { type Metadata } from 'sharp';
import { AppError } from '../errors.ts';
import { IMAGE_POLICY, type ImageFormat } from './image-policy.ts';
import { sniffImage } from './sniff-image.ts';

export interface ImageHeader {
  format: ImageFormat;
  width: number;
  height: number;
}

/** sharp's reader of one upload: truncated or corrupt input is refused, never half-decoded. */
export const imageInput = (upload: Buffer) =>
  sharp(upload, { failOn: 'warning', limitInputPixels: IMAGE_POLICY.maxPixels });

/**
 * What an upload declares in its header: png, jpeg or webp by its first bytes (81040), the decoder agreeing
 * (81040), and its declared size within the limits (81046), all before any pixel is decoded. sharp's
 * `metadata()` reads the header only (PNG IHDR, JPEG SOF, WebP VP8/VP8L/VP8X): on a 58 KB png declaring
 * 1 x 30,000,000 it answers in under 10 ms, where decoding the same file takes seconds.
 */
export async function readImageHeader(upload: Buffer): Promise<ImageHeader> {
  if (upload.length === 0) throw new AppError(81043, 'empty file');
  const format = sniffImage(upload);
  if (!format) throw new AppError(81040, 'not a png, jpeg or webp file');
  let meta: Metadata;
  try {
    meta = await imageInput(upload).metadata();
  } catch (error) {
    throw decoderRefusal(error);
  }
  if (meta.format !== format) throw new AppError(81040, `bytes say ${format}, decoder says ${meta.format}`);
  const { width, height } = meta;
  if (!width || !height) throw new AppError(81043, 'the header declares no size');
  if (Math.max(width, height) > IMAGE_POLICY.maxInputSide || width * height > IMAGE_POLICY.maxPixels)
    throw new AppError(81046, `${width} x ${height} pixels`);
  return { format, width, height };
}

/** A decoder's refusal as the user's code: too many pixels is 81046, anything else a damaged image. */
export function decoderRefusal(error: unknown): AppError {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new AppError(81046, 'too many pixels');
  return new AppError(81043, message.slice(0, 200));
}
