export { type AppConfig, loadConfig } from './config.ts';
export { type Database, openDatabase } from './db/client.ts';
export { migrate } from './db/migrate.ts';
export { repositories } from './db/repositories/index.ts';
export { seed } from './dev/seed.ts';
export { createSession } from './domain/auth/sessions.ts';
export { buildApp } from './http/app.ts';
