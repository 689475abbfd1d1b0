import { stringify } from "csv-stringify/sync";

/**
 * What "defused" means here: a spreadsheet shows the text and never runs it as a formula.
 *
 * A formula starts with `=`, `+`, `-` or `@`. Spreadsheets look for one at the start of a cell,
 * and some also at the start of each line of a multi-line cell and of each piece a
 * `;`-separated locale splits "Acme;=1+1" into. So every such start is checked: the start of
 * the cell, the start after each line break (LF, CR or CRLF) and the start after each `;`.
 * Where the first character after any spaces or tabs there is a formula character, an
 * apostrophe goes right before it ("\n=HYPERLINK(…)" becomes "\n'=HYPERLINK(…)"), which a
 * spreadsheet reads as "this is text". Everything else is left as it was: ordinary
 * multi-line text keeps its words, line breaks and indentation, and a formula character
 * inside a line ("a=b", "Suite 2 - rear") stays put.
 */
const LINE_FORMULA_START = /(^|[;\r\n])([^\S\r\n]*)(?=[=+\-@])/g;

/** A cell that opens with a tab or carriage return, which OWASP's CSV-injection advice also defuses. */
const CONTROL_CHARACTER_START = /^(?=[\t\r])/;

/** The text with an apostrophe before every formula a spreadsheet could find in it (see LINE_FORMULA_START). */
export function defuseFormulas(text: string): string {
  return text.replace(LINE_FORMULA_START, "$1$2'").replace(CONTROL_CHARACTER_START, "'");
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
