/**
 * `npm run bench:instances -w @aidf/bench`: the many-instances bench alone (npm run bench runs it with the others).
 */
import os from 'node:os';
import { manyInstances, printManyInstances } from './many-instances.ts';

printManyInstances(await manyInstances((line) => console.log(line)), os.cpus().length);
process.exit(0);
