import { afterAll } from 'vitest';
import { stopEveryMain } from './main-process.ts';

/**
 * The api projects' setup file, run before each test file: after the file, every server process one of its tests
 * started and did not stop (a failed assertion or a timeout before its own stop) is stopped, so none outlives its file.
 */
afterAll(stopEveryMain);
