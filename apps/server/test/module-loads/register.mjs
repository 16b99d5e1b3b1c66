// `node --import <this file>`: records the URL of every module the process resolves, one a line, into the
// file MODULE_LOADS_FILE names, so a test can tell which modules a start reached (production-start.api.test.ts).
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url, { data: { file: process.env.MODULE_LOADS_FILE } });
