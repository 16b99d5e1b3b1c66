export { type AppConfig, loadConfig } from './config.ts';
export { type Database, openDatabase } from './db/client.ts';
export { migrate } from './db/migrate.ts';
export { repositories } from './db/repositories/index.ts';
export { createSession } from './domain/auth/sessions.ts';
export { listAnnouncements } from './domain/content/announcements.ts';
export { creditUser } from './domain/operator/credit.ts';
export { buildApp } from './http/app.ts';
export { prepareDatabase } from './prepare.ts';
