import { numeric } from 'drizzle-orm/pg-core';

/** An amount column: 48 digits, 18 after the point (token amounts). Not a table: schema.ts does not export it. */
export const money = (name: string) => numeric(name, { precision: 48, scale: 18 });
