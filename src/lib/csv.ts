import { stringify } from "csv-stringify/sync";

/**
 * Text a spreadsheet would run as a formula: a cell starting with = + - @, tab or carriage
 * return, and the same after a semicolon, because a spreadsheet in a `;`-separated locale
 * splits "Acme;=1+1" into two cells and would run the second.
 */
const FORMULA_START = /(^|;)(\s*)(?=[=+\-@\t\r])/g;

/** Prefixes each formula-looking start with an apostrophe, so spreadsheets show it as text. */
export function defuseFormulas(text: string): string {
  return text.replace(FORMULA_START, "$1$2'");
}

function cellText(value: unknown): string {
  return defuseFormulas(value === null || value === undefined ? "" : String(value));
}

/**
 * RFC 4180 CSV with CRLF record ends and every cell quoted (an empty one too), so no
 * locale's separator inside a value can split it, and every value defused.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return stringify([header, ...rows].map((row) => row.map(cellText)), { quoted: true, quoted_empty: true, record_delimiter: "windows" });
}

/** Excel needs the byte-order mark to read UTF-8; other tools ignore it. */
export const UTF8_BOM = "\uFEFF";
