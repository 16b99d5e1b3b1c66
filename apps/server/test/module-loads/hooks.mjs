// Module hooks of register.mjs: runs before tsx's, asks the next hook where a specifier goes, writes it down.
import fs from 'node:fs';

let file;

export function initialize(data) {
  file = data.file;
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (file) fs.appendFileSync(file, `${resolved.url}\n`);
  return resolved;
}
