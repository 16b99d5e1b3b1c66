import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../errors.ts';
import { IMAGE_MIME, IMAGE_POLICY, type ImageFormat } from './image-policy.ts';
import { sniffImage } from './sniff-image.ts';

export interface CleanImage {
  sha256: string;
  mime: (typeof IMAGE_MIME)[ImageFormat];
  bytes: Buffer;
  size: number;
  width: number;
  height: number;
}

/**
 * An uploaded file made safe to keep and serve: png, jpeg or webp by its bytes (81040), decodable to the
 * end (81043: empty, truncated or corrupt), within the pixel limit (81041), then decoded and encoded again
 * in its own format. Re-encoding keeps only the pixels: EXIF, GPS, XMP, ICC text chunks, comments and
 * anything appended after the image's end (a script, a zip) are not in the output.
 */
export async function sanitizeImage(upload: Buffer): Promise<CleanImage> {
  if (upload.length === 0) throw new AppError(81043, 'empty file');
  const format = sniffImage(upload);
  if (!format) throw new AppError(81040, 'not a png, jpeg or webp file');
  // failOn 'warning': a truncated or corrupt image is refused, not silently half-decoded.
  const input = () => sharp(upload, { failOn: 'warning', limitInputPixels: IMAGE_POLICY.maxPixels });
  let meta: Metadata;
  try {
    meta = await input().metadata();
  } catch (error) {
    throw refusal(error);
  }
  if (meta.format !== format) throw new AppError(81040, `bytes say ${format}, decoder says ${meta.format}`);
  try {
    const pipeline = input()
      .rotate() // apply the EXIF orientation before the EXIF is dropped
      .resize({ width: IMAGE_POLICY.maxSide, height: IMAGE_POLICY.maxSide, fit: 'inside', withoutEnlargement: true });
    const encoded =
      format === 'png'
        ? pipeline.png({ compressionLevel: 9 })
        : format === 'jpeg'
          ? pipeline.jpeg({ quality: 85, mozjpeg: true })
          : pipeline.webp({ quality: 85 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return {
      sha256: createHash('sha256').update(data).digest('hex'),
      mime: IMAGE_MIME[format],
      bytes: data,
      size: data.length,
      width: info.width,
      height: info.height,
    };
  } catch (error) {
    throw refusal(error);
  }
}

/** A decoder's refusal as the user's code: too many pixels is 81041, anything else a damaged image. */
function refusal(error: unknown): AppError {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new AppError(81041, 'too many pixels');
  return new AppError(81043, message.slice(0, 200));
}
