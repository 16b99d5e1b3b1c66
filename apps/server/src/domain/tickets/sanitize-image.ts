import { createHash } from 'node:crypto';
import { decoderRefusal, type ImageHeader, imageInput } from './image-header.ts';
import { IMAGE_MIME, IMAGE_POLICY } from './image-policy.ts';

export interface CleanImage {
  sha256: string;
  mime: (typeof IMAGE_MIME)[ImageHeader['format']];
  bytes: Buffer;
  size: number;
  width: number;
  height: number;
}

/**
 * An uploaded file whose header passed `readImageHeader`, made safe to keep and serve: decoded to the end
 * (81043: truncated or corrupt) and encoded again in its own format. Re-encoding keeps only the pixels: EXIF,
 * GPS, XMP, ICC text chunks, comments and anything appended after the image's end (a script, a zip) are not
 * in the output.
 */
export async function sanitizeImage(upload: Buffer, { format }: ImageHeader): Promise<CleanImage> {
  try {
    const pipeline = imageInput(upload)
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
    throw decoderRefusal(error);
  }
}
