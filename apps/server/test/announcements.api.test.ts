import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../src/dev/seed.ts';
import { publishAnnouncement } from '../src/domain/announcements/publish-announcement.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';

const DAY = 24 * 60 * 60_000;

describe('[api] announcements', () => {
  let server: TestServer;
  let bilingualId: string;
  let englishOnlyId: string;
  let futureId: string;

  beforeAll(async () => {
    server = await startTestServer();
    const now = Date.now();
    englishOnlyId = String(
      await publishAnnouncement(server.repos, {
        publishTime: new Date(now - 2 * DAY),
        translations: { en: { title: 'Maintenance', body: '<p>Short maintenance tonight.</p>' } },
      }),
    );
    bilingualId = String(
      await publishAnnouncement(server.repos, {
        publishTime: new Date(now - DAY),
        translations: {
          en: { title: 'New pledge periods', body: '<p>Pledge for 365 days.</p><script>alert(1)</script>' },
          ar: { title: 'فترات رهن جديدة', body: '<p>ارهن لمدة 365 يومًا.</p>' },
        },
      }),
    );
    futureId = String(
      await publishAnnouncement(server.repos, {
        publishTime: new Date(now + DAY),
        translations: { en: { title: 'Not yet', body: '<p>Tomorrow.</p>' } },
      }),
    );
  });
  afterAll(() => server.close());

  it('lists published announcements newest first, in the asked language', async () => {
    const res = await call(server.baseUrl, '/v1/cms/content/p/1-10', { language: 'ar' });
    expect(res.status).toBe(200);
    expect(res.json.data.total).toBe(2);
    const [first, second] = res.json.data.list;
    expect(first).toMatchObject({ id: bilingualId, title: 'فترات رهن جديدة', language: 'ar' });
    expect(second).toMatchObject({ id: englishOnlyId, title: 'Maintenance', language: 'en' });
    expect(typeof first.publishTime).toBe('number');
  });

  it('falls back to English where the language has no translation', async () => {
    const res = await call(server.baseUrl, '/v1/cms/content/p/1-10', { language: 'zhCN' });
    expect(res.json.data.list.map((a: { language: string }) => a.language)).toEqual(['en', 'en']);
    expect(res.json.data.list[0].title).toBe('New pledge periods');
  });

  it('reads an unknown language header as English', async () => {
    const res = await call(server.baseUrl, '/v1/cms/content/p/1-10', { language: 'xx' });
    expect(res.status).toBe(200);
    expect(res.json.data.list[0].language).toBe('en');
  });

  it('pages with pageNum from 1', async () => {
    const page2 = await call(server.baseUrl, '/v1/cms/content/p/2-1', { language: 'en' });
    expect(page2.json.data).toEqual({ total: 2, list: [expect.objectContaining({ id: englishOnlyId })] });
    const page3 = await call(server.baseUrl, '/v1/cms/content/p/3-1', { language: 'en' });
    expect(page3.json.data).toEqual({ total: 2, list: [] });
  });

  it('shows one announcement with sanitized HTML, in the asked language or English', async () => {
    const ar = await call(server.baseUrl, `/v1/cms/content/${bilingualId}`, { language: 'ar' });
    expect(ar.json.data).toMatchObject({ id: bilingualId, language: 'ar', content: '<p>ارهن لمدة 365 يومًا.</p>' });
    const fr = await call(server.baseUrl, `/v1/cms/content/${bilingualId}`, { language: 'fr' });
    expect(fr.json.data.language).toBe('en');
    expect(fr.json.data.content).toBe('<p>Pledge for 365 days.</p>');
    expect(fr.json.data.content).not.toContain('script');
  });

  it('answers 404 with code 1404 for an unknown or unpublished announcement', async () => {
    for (const id of ['987654', futureId]) {
      const res = await call(server.baseUrl, `/v1/cms/content/${id}`);
      expect(res.status).toBe(404);
      expect(res.json.code).toBe(1404);
    }
  });

  it('seeds announcements in all eleven languages once', async () => {
    const other = await startTestServer();
    try {
      expect(await seed(other.repos)).toEqual({ announcements: 3, demoUsers: 2 });
      expect(await seed(other.repos)).toEqual({ announcements: 0, demoUsers: 0 });
      for (const language of ['en', 'zhCN', 'zhTW', 'ru', 'vi', 'th', 'ko', 'ja', 'sp', 'fr', 'ar']) {
        const res = await call(other.baseUrl, '/v1/cms/content/p/1-10', { language });
        expect(res.json.data.total).toBe(3);
        expect(res.json.data.list.every((a: { language: string }) => a.language === language)).toBe(true);
      }
    } finally {
      await other.close();
    }
    // A second server of its own (a fresh PGlite starts in seconds, far more on a busy machine).
  }, 180_000);
});
