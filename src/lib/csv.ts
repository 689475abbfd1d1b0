/**
 * RFC 4180 CSV: CRLF line ends, fields quoted when they hold a comma, quote or line
 * break, quotes doubled. Cells that a spreadsheet would run as a formula (starting
 * with = + - @, tab or carriage return) get a leading apostrophe so they stay text.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** Excel needs the byte-order mark to read UTF-8; other tools ignore it. */
export const UTF8_BOM = "\uFEFF";
