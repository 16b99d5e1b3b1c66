import { z } from 'zod';

/**
 * The console builds the contract's schemas (OPS) but never compiles a parser: without this, zod probes
 * `new Function` as each object schema is made, which the page's Content-Security-Policy (no 'unsafe-eval')
 * reports as a violation even though zod catches the refusal. main.tsx imports this first, before any schema.
 */
z.config({ jitless: true });
