/**
 * Serialises an RPC answer. The Solana RPC writes u64 values (lamports, `rentEpoch` = u64::MAX, …) as plain
 * JSON numbers, which `JSON.stringify` cannot do for bigints, so bigints are written as bare digits here.
 * `undefined` fields are left out, as `JSON.stringify` would.
 */
export function toJson(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : toJson(item))).join(',')}]`;
  const fields: string[] = [];
  for (const [key, field] of Object.entries(value)) {
    if (field !== undefined) fields.push(`${JSON.stringify(key)}:${toJson(field)}`);
  }
  return `{${fields.join(',')}}`;
}
