import { ensurePgliteTemplate, ensurePostgresTemplate } from './database-template.ts';

/**
 * Before the API test files start: the migrated template each file's database is copied from, made once here
 * rather than by the first file of each worker at the same moment.
 */
export default async function setup() {
  if (process.env.TEST_DB === 'postgres') {
    if (process.env.TEST_DATABASE_URL) await ensurePostgresTemplate(process.env.TEST_DATABASE_URL);
  } else {
    await ensurePgliteTemplate();
  }
}
