/** Paths are written as in SPEC.md point 7, with `{name}` parameters. */
export type PathTemplate = `/v1/${string}` | `/ops/v1/${string}`;

const PARAM = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** Parameter names of a template, in order. */
export function pathParams(template: string): string[] {
  return [...template.matchAll(PARAM)].map((m) => m[1] as string);
}

/** '/p/{pageNum}-{pageSize}' → '/p/:pageNum-:pageSize', the form Fastify's router reads. */
export function toFastifyPath(template: string): string {
  return template.replace(PARAM, ':$1');
}

/** Fills a template; every value is URI-encoded and a missing one is a programming error. */
export function buildPath(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(PARAM, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter "${name}" for ${template}`);
    return encodeURIComponent(String(value));
  });
}
