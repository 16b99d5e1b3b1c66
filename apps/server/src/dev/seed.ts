import { LANGUAGE_CODES, type TLanguage } from '@aidf/contract';
import type { Repositories } from '../db/repositories/index.ts';
import { publishAnnouncement } from '../domain/announcements/publish-announcement.ts';
import { seedDemoTeam } from './demo-team.ts';
import { seedDemoUsers } from './demo-users.ts';
import { SEED_ANNOUNCEMENTS_EN } from './seed-announcements.en.ts';
import translations from './seed-announcements.json' with { type: 'json' };

type SeedKey = (typeof SEED_ANNOUNCEMENTS_EN)[number]['key'];
type Translated = Record<Exclude<TLanguage, 'en'>, Record<SeedKey, { title: string; body: string }>>;
const TRANSLATED = translations as Translated;

const DAY_MS = 24 * 60 * 60_000;

/** Demo users and announcements in all eleven languages, written once into an empty database (never in production). */
export async function seed(
  repos: Repositories,
  now = new Date(),
): Promise<{ announcements: number; demoUsers: number }> {
  const demoUsers = await seedDemoUsers(repos);
  await seedDemoTeam(repos);
  if ((await repos.announcements.count()) > 0) return { announcements: 0, demoUsers };
  // Oldest first, so ids follow publish time.
  const oldestFirst = [...SEED_ANNOUNCEMENTS_EN].sort((a, b) => b.daysAgo - a.daysAgo);
  for (const a of oldestFirst) {
    const entries = LANGUAGE_CODES.map((language) => [
      language,
      language === 'en' ? { title: a.title, body: a.body } : TRANSLATED[language][a.key],
    ]);
    await publishAnnouncement(repos, {
      publishTime: new Date(now.getTime() - a.daysAgo * DAY_MS),
      translations: Object.fromEntries(entries),
    });
  }
  return { announcements: oldestFirst.length, demoUsers };
}
