/**
 * A text[] literal for one query parameter: Drizzle's sql template spreads a JavaScript array into a list of
 * parameters (a record), so arrays travel as PostgreSQL's array text and are cast with ::text[].
 */
export function pgTextArray(values: readonly (string | null)[]): string {
  const quote = (v: string) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
  return `{${values.map((v) => (v === null ? 'NULL' : quote(v))).join(',')}}`;
}
