import type { AppDb } from '../client.ts';
import { announcementsRepository } from './announcements.ts';
import { sessionsRepository } from './sessions.ts';
import { tokenConfigsRepository } from './token-configs.ts';
import { usersRepository } from './users.ts';

export function repositories(db: AppDb) {
  return {
    announcements: announcementsRepository(db),
    sessions: sessionsRepository(db),
    tokenConfigs: tokenConfigsRepository(db),
    users: usersRepository(db),
  };
}
export type Repositories = ReturnType<typeof repositories>;
