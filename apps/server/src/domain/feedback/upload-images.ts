import type { TTicketUpload } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';
import { semaphore } from '../limits/semaphore.ts';
import { IMAGE_POLICY } from './image-policy.ts';
import { type CleanImage, sanitizeImage } from './sanitize-image.ts';

const DAY_MS = 86_400_000;

// Decoding is CPU work: a few at once per process, a short queue, then 9000 instead of an endless wait.
const decoders = semaphore({
  concurrency: IMAGE_POLICY.concurrency,
  maxWaiting: IMAGE_POLICY.maxWaiting,
  whenFull: () => new AppError(9000, 'too many images being processed, try again shortly'),
});

/**
 * Stores a user's uploaded files, all or none: each is sanitized first (a refusal of one refuses the
 * request), then the quota is checked under the user's row lock and the blobs stored content-addressed.
 */
export async function uploadImages(repos: Repositories, userId: bigint, files: Buffer[]): Promise<TTicketUpload> {
  if (files.length === 0) throw new AppError(81043, 'no file in the request');
  if (files.length > IMAGE_POLICY.maxFiles) throw new AppError(81042);
  const clean: CleanImage[] = [];
  for (const file of files) clean.push(await decoders.run(() => sanitizeImage(file)));
  const ids = await repos.transaction(async (tx) => {
    await tx.users.byIdForUpdate(userId);
    const usage = await tx.attachments.usageOf(userId, new Date(Date.now() - DAY_MS));
    if (usage.uploadsSince + clean.length > IMAGE_POLICY.maxUploadsPerDay)
      throw new AppError(81044, `at most ${IMAGE_POLICY.maxUploadsPerDay} images in 24 hours`);
    const bytes = clean.reduce((sum, c) => sum + c.size, 0);
    if (usage.storedBytes + bytes > IMAGE_POLICY.maxStoredBytesPerUser)
      throw new AppError(81044, 'storage quota reached');
    return tx.attachments.insertUploads(userId, clean);
  });
  return {
    list: clean.map((c, i) => ({
      id: String(ids[i]),
      mime: c.mime,
      size: c.size,
      width: c.width,
      height: c.height,
    })),
  };
}
