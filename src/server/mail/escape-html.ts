
const entities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Visitor text goes into e-mails as text, never as markup. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => entities[char] ?? char);
}

/** Header values (subject) must stay on one line whatever a visitor typed. */
export function singleLine(value: string, max = 120): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const flat = value.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** One line of plain text: control and format characters that could break or reorder it removed. */
export function flatText(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  return value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g, " ").replace(/\s+/g, " ").trim();
}
