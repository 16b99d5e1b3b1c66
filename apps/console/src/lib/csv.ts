/**
 * RFC 4180 CSV: fields with a comma, quote or line break are quoted, quotes doubled, rows end in CRLF.
 * A text a spreadsheet would run as a formula (=, +, -, @, a space, tab or CR first, or the full-width
 * ＝ ＋ － ＠ that spreadsheets read as their ASCII forms) gets a leading apostrophe, since the audit holds what
 * users and operators typed (OWASP "CSV injection"); plain numbers such as -5 stay as they are. The byte order mark lets spreadsheet programs read the UTF-8 (Chinese reasons, names).
 */
const FORMULA_START = /^[=+\-@ \t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (FORMULA_START.test(text) && !/^[+-]?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** Hands the text to the browser as a file download. */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the blob to the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
