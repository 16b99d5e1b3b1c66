/**
 * The limits of ticket images, in one place: the upload route, the sanitizer and
 * the quota read them, and docs/api.md quotes them.
 */
export const IMAGE_POLICY = {
  /** One file, as uploaded (before re-encoding): a phone screenshot is 0.3-3 MB. */
  maxFileBytes: 5 * 1024 * 1024,
  /** Files in one request, and images on one ticket or follow-up. */
  maxFiles: 3,
  /** The whole multipart request: three full files and room for the part headers. */
  maxRequestBytes: 3 * 5 * 1024 * 1024 + 64 * 1024,
  /**
   * Pixels of one image and the longest side, as its header declares them: read before anything is decoded,
   * so a small file declaring a huge image (a decompression bomb, a 1 x 30,000,000 strip) costs milliseconds.
   */
  maxPixels: 40_000_000,
  maxInputSide: 8000,
  /** Longest side kept: larger images are scaled down when re-encoded. */
  maxSide: 4096,
  /** The per-user quota: uploads in any 24 hours, and bytes stored in all. */
  maxUploadsPerDay: 20,
  maxStoredBytesPerUser: 50 * 1024 * 1024,
  /** Images re-encoded at once by this process; more wait, and beyond `maxWaiting` are refused (9000). */
  concurrency: 2,
  maxWaiting: 16,
  /** Images of one user being checked or re-encoded at once in this process (one full request); more is 9000. */
  maxInFlightPerUser: 3,
} as const;

export const IMAGE_MIME = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' } as const;
export type ImageFormat = keyof typeof IMAGE_MIME;
