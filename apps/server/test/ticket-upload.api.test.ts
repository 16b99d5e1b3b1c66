import { createHash } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentBlobs, attachments } from '../src/db/schema.ts';
import { decoderStats } from '../src/domain/tickets/upload-images.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { declaredPng, imageWithMetadata, noisePng, SECRET, type UploadFile, upload } from './ticket-files.ts';
import { type Account, signUp } from './users.ts';

const SCRIPT = "<?php system($_GET['c']); ?>";

describe('[api] ticket images: only real png, jpeg and webp, re-encoded, within limits', () => {
  let server: TestServer;
  let alice: Account;

  const stored = async () => {
    const [blobs] = await server.database.db.select({ n: count() }).from(attachmentBlobs);
    const [uploads] = await server.database.db.select({ n: count() }).from(attachments);
    return { blobs: blobs?.n, uploads: uploads?.n };
  };

  /** The upload is refused with `code`, no 5xx, and nothing new is in the database. */
  async function refused(files: UploadFile[], code: number, user = alice) {
    const before = await stored();
    const res = await upload(server, user.token, files);
    expect(res.status, res.text).toBeLessThan(500);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.json?.code, res.text).toBe(code);
    expect(await stored()).toEqual(before);
    return res;
  }

  beforeAll(async () => {
    server = await startTestServer();
    alice = await signUp(server);
  });
  afterAll(() => server.close());

  it.each(['png', 'jpeg', 'webp'] as const)(
    'stores a %s re-encoded: same type, metadata gone, addressed by sha256',
    async (format) => {
      const original = await imageWithMetadata(format, 120, 80);
      const res = await upload(server, alice.token, [
        { name: `photo.${format}`, type: `image/${format}`, bytes: original },
      ]);
      expect(res.status, res.text).toBe(200);
      const [item] = res.json.data.list;
      expect(item).toMatchObject({ mime: `image/${format}`, width: 120, height: 80 });
      const [row] = await server.database.db.select().from(attachments).where(eqId(item.id));
      const blob = await server.repos.attachments.blob(row?.sha256 ?? '');
      expect(blob?.mime).toBe(`image/${format}`);
      expect(
        createHash('sha256')
          .update(blob?.bytes ?? Buffer.alloc(0))
          .digest('hex'),
      ).toBe(row?.sha256);
      expect(blob?.bytes.includes(SECRET)).toBe(false);
      const meta = await sharp(blob?.bytes).metadata();
      expect(meta.format).toBe(format);
      expect(meta.exif).toBeUndefined();
      expect(Buffer.compare(blob?.bytes ?? Buffer.alloc(0), original)).not.toBe(0);
    },
  );

  it('the same image uploaded twice is stored once', async () => {
    const bytes = await imageWithMetadata('png', 33, 33);
    const before = await stored();
    await upload(server, alice.token, [{ name: 'a.png', type: 'image/png', bytes }]);
    await upload(server, alice.token, [{ name: 'b.png', type: 'image/png', bytes }]);
    const after = await stored();
    expect(after.blobs).toBe((before.blobs ?? 0) + 1);
    expect(after.uploads).toBe((before.uploads ?? 0) + 2);
  });

  it('81040: a php script renamed .png', async () => {
    await refused([{ name: 'shell.png', type: 'image/png', bytes: Buffer.from(`${SCRIPT}\n`) }], 81040);
  });

  it('81040: an svg, named and declared as png or as svg', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    await refused([{ name: 'x.svg', type: 'image/svg+xml', bytes: svg }], 81040);
    await refused([{ name: 'x.png', type: 'image/png', bytes: svg }], 81040);
  });

  it('81040: a GIF-and-zip polyglot (GIFAR-like): a gif is not accepted, whatever it carries', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'blue' } })
      .gif()
      .toBuffer();
    const zip = Buffer.from('504b0304140000000800', 'hex');
    await refused([{ name: 'x.png', type: 'image/png', bytes: Buffer.concat([gif, zip, Buffer.from(SCRIPT)]) }], 81040);
  });

  it('a polyglot png (a valid png with a script appended) is kept as its pixels only: the script is not stored', async () => {
    const png = await imageWithMetadata('png', 40, 40);
    const res = await upload(server, alice.token, [
      { name: 'poly.png', type: 'image/png', bytes: Buffer.concat([png, Buffer.from(SCRIPT)]) },
    ]);
    expect(res.status, res.text).toBe(200);
    const [row] = await server.database.db.select().from(attachments).where(eqId(res.json.data.list[0].id));
    const blob = await server.repos.attachments.blob(row?.sha256 ?? '');
    expect(blob?.bytes.includes(SCRIPT)).toBe(false);
    expect(blob?.bytes.includes('<?php')).toBe(false);
    expect(blob?.bytes.includes(SECRET)).toBe(false);
  });

  it('81041: a 20 MB image, and a 6 MB one (over the 5 MB a file may have)', async () => {
    await refused([{ name: 'big.png', type: 'image/png', bytes: await noisePng(20 * 1024 * 1024) }], 81041);
    await refused([{ name: 'six.png', type: 'image/png', bytes: await noisePng(6 * 1024 * 1024) }], 81041);
  });

  it('81042: 10 files at once (each valid), and nothing of them stored', async () => {
    const bytes = await imageWithMetadata('jpeg', 16, 16);
    const files = Array.from({ length: 10 }, (_, i) => ({ name: `${i}.jpg`, type: 'image/jpeg', bytes }));
    await refused(files, 81042);
  });

  it('81043: a truncated image, and an empty part', async () => {
    const png = await imageWithMetadata('png', 200, 200);
    await refused([{ name: 'cut.png', type: 'image/png', bytes: png.subarray(0, Math.floor(png.length / 2)) }], 81043);
    const jpeg = await imageWithMetadata('jpeg', 200, 200);
    await refused(
      [{ name: 'cut.jpg', type: 'image/jpeg', bytes: jpeg.subarray(0, Math.floor(jpeg.length / 2)) }],
      81043,
    );
    await refused([{ name: 'empty.png', type: 'image/png', bytes: Buffer.alloc(0) }], 81043);
  });

  it('all or none: two good images and one bad in a request store nothing', async () => {
    const good = await imageWithMetadata('webp', 20, 20);
    await refused(
      [
        { name: 'a.webp', type: 'image/webp', bytes: good },
        { name: 'b.webp', type: 'image/webp', bytes: good },
        { name: 'c.png', type: 'image/png', bytes: Buffer.from(SCRIPT) },
      ],
      81040,
    );
  });

  it('the token is required; the upload needs no signature, other calls still do', async () => {
    const bytes = await imageWithMetadata('png');
    const res = await upload(server, null, [{ name: 'a.png', type: 'image/png', bytes }]);
    expect(res.status).toBe(401);
    // A JSON body to the upload path is not multipart: it is signed like any call, and this one is not.
    const json = await fetch(`${server.baseUrl}/v1/cms/work/attach`, {
      method: 'POST',
      headers: { authorization: alice.token, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(400);
    expect(((await json.json()) as { code: number }).code).toBe(1225);
  });

  it('81046: a 9000 x 10 png (over 8000 px a side) is refused from its header, before any decoding', async () => {
    const before = decoderStats().started;
    // Its pixel data is garbage: had it been decoded, the answer would be 81043 (damaged).
    await refused([{ name: 'wide.png', type: 'image/png', bytes: declaredPng(9000, 10, { garbage: true }) }], 81046);
    await refused([{ name: 'tall.png', type: 'image/png', bytes: declaredPng(10, 9000, { garbage: true }) }], 81046);
    // 7000 x 7000 is within 8000 a side but over 40 megapixels.
    await refused([{ name: 'big.png', type: 'image/png', bytes: declaredPng(7000, 7000, { garbage: true }) }], 81046);
    expect(decoderStats().started).toBe(before);
  });

  it("24 parallel 1 x 30,000,000 uploads of a user at quota are refused undecoded; another user's upload meanwhile succeeds", async () => {
    const full = await signUp(server);
    const tiny = { sha256: '', mime: 'image/png', size: 1, width: 1, height: 1, bytes: Buffer.from([0]) };
    await server.repos.attachments.insertUploads(
      BigInt(full.mid),
      Array.from({ length: 20 }, (_, i) => ({
        ...tiny,
        sha256: createHash('sha256').update(`quota-${full.mid}-${i}`).digest('hex'),
      })),
    );
    const strip = declaredPng(1, 30_000_000);
    expect(strip.length).toBeLessThan(64 * 1024);
    const other = await signUp(server);
    const before = decoderStats().started;

    const flood = Array.from({ length: 24 }, () =>
      upload(server, full.token, [{ name: 'strip.png', type: 'image/png', bytes: strip }]),
    );
    const meanwhile = upload(server, other.token, [
      { name: 'ok.png', type: 'image/png', bytes: await imageWithMetadata('png', 40, 30) },
    ]);

    for (const res of await Promise.all(flood)) expect(res.json?.code, res.text).toBe(81044);
    const res = await meanwhile;
    expect(res.status, res.text).toBe(200);
    // Only the other user's image was decoded.
    expect(decoderStats().started).toBe(before + 1);
  });

  it('81046: a 1 x 30,000,000 png of a user under quota is refused from its header', async () => {
    const before = decoderStats().started;
    await refused([{ name: 'strip.png', type: 'image/png', bytes: declaredPng(1, 30_000_000) }], 81046);
    expect(decoderStats().started).toBe(before);
  });

  it('81044: the per-user quota of 20 images in 24 hours', async () => {
    const bob = await signUp(server);
    const files = async (n: number, seed: number) =>
      Promise.all(
        Array.from({ length: n }, async (_, i) => ({
          name: `${i}.png`,
          type: 'image/png',
          bytes: await sharp({
            create: { width: 4, height: 4, channels: 3, background: { r: seed, g: i, b: 7 } },
          })
            .png()
            .toBuffer(),
        })),
      );
    for (let r = 0; r < 6; r++) expect((await upload(server, bob.token, await files(3, r))).status).toBe(200);
    expect((await upload(server, bob.token, await files(2, 9))).status).toBe(200); // 20 now
    await refused(await files(1, 10), 81044, bob);
  });
});

const eqId = (id: string) => eq(attachments.id, BigInt(id));
