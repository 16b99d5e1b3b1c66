import type { TTicketUpload } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';
import { perKeySlots } from '../limits/per-key-slots.ts';
import { semaphore } from '../limits/semaphore.ts';
import { readImageHeader } from './image-header.ts';
import { IMAGE_POLICY } from './image-policy.ts';
import { type CleanImage, sanitizeImage } from './sanitize-image.ts';

const DAY_MS = 86_400_000;

// Decoding is CPU work: a few at once per process, a short queue, then 9000 instead of an endless wait.
const decoders = semaphore({
  concurrency: IMAGE_POLICY.concurrency,
  maxWaiting: IMAGE_POLICY.maxWaiting,
  whenFull: () => new AppError(9000, 'too many images being processed, try again shortly'),
});

/** Images decoded since start, decoding now and waiting: tests see that a refusal decoded nothing. */
export const decoderStats = () => decoders.stats();

// One user's images in progress: parallel requests of one user cannot take the shared queue from others.
const perUser = perKeySlots({
  max: IMAGE_POLICY.maxInFlightPerUser,
  whenFull: () => new AppError(9000, 'your previous images are still being processed'),
});

/** 81044 when `uploads` more images of `bytes` would break the user's quota. */
function quotaCheck(usage: { uploadsSince: number; storedBytes: number }, uploads: number, bytes: number) {
  if (usage.uploadsSince + uploads > IMAGE_POLICY.maxUploadsPerDay)
    throw new AppError(81044, `at most ${IMAGE_POLICY.maxUploadsPerDay} images in 24 hours`);
  if (usage.storedBytes + bytes > IMAGE_POLICY.maxStoredBytesPerUser)
    throw new AppError(81044, 'storage quota reached');
}

/**
 * Stores a user's uploaded files, all or none. Everything that costs milliseconds comes before any decoding:
 * the count, the quota (images of the user still in progress count as made), and each file's header (type
 * and declared size). Then each is sanitized, and the quota checked again under the user's row lock before
 * the blobs are stored content-addressed.
 */
export async function uploadImages(repos: Repositories, userId: bigint, files: Buffer[]): Promise<TTicketUpload> {
  if (files.length === 0) throw new AppError(81043, 'no file in the request');
  if (files.length > IMAGE_POLICY.maxFiles) throw new AppError(81042);
  const user = userId.toString();
  const since = () => new Date(Date.now() - DAY_MS);
  // A byte more than stored is a full store: the size of the re-encoded images is not known yet.
  quotaCheck(await repos.attachments.usageOf(userId, since()), perUser.heldBy(user) + files.length, 1);
  return perUser.run(user, files.length, async () => {
    const checked = [];
    for (const file of files) checked.push({ file, header: await readImageHeader(file) });
    const clean: CleanImage[] = [];
    for (const { file, header } of checked) clean.push(await decoders.run(() => sanitizeImage(file, header)));
    const ids = await repos.transaction(async (tx) => {
      await tx.users.byIdForUpdate(userId);
      const bytes = clean.reduce((sum, c) => sum + c.size, 0);
      quotaCheck(await tx.attachments.usageOf(userId, since()), clean.length, bytes);
      return tx.attachments.insertUploads(userId, clean);
    });
    return {
      list: clean.map((c, i) => ({ id: String(ids[i]), mime: c.mime, size: c.size, width: c.width, height: c.height })),
    };
  });
}
