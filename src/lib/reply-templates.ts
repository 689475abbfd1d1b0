/**
 * Reply templates (docs/lead-mail.md): the placeholders a template may hold and the one
 * function that fills them, shared by the desk's screens and the server. Safe for the browser.
 */

export const REPLY_TEMPLATE_NAME_MAX = 100;
export const REPLY_SUBJECT_MAX = 200;
export const REPLY_BODY_MAX = 10_000;

/**
 * Each placeholder and what it is filled with. The server fills them
 * (src/server/desk/lead-replies.ts); the templates screen previews a template with the
 * example lead of `GET /api/admin/reply-templates`.
 */
export const replyPlaceholders = [
  { name: "name", meaning: "The lead's name" },
  { name: "business", meaning: "The lead's business (empty when not known)" },
  { name: "service", meaning: "The service the lead asked about (empty when none)" },
  { name: "employees", meaning: "Employees, from the lead's latest survey (empty without a survey)" },
  { name: "devices", meaning: "Connected devices, from the lead's latest survey (empty without a survey)" },
  { name: "phones", meaning: "Phones, from the lead's latest survey (empty without a survey)" },
  { name: "owner", meaning: "Our business name" },
  { name: "phone", meaning: "Our phone number" },
] as const;

export type ReplyPlaceholder = (typeof replyPlaceholders)[number]["name"];

/** The value of every placeholder for one lead; "" where the lead has none. */
export type ReplyFields = Record<ReplyPlaceholder, string>;

const placeholderNames: readonly string[] = replyPlaceholders.map((placeholder) => placeholder.name);

/** `{{name}}`, spaces inside the braces allowed. */
const PLACEHOLDER = /\{\{\s*([a-zA-Z0-9_-]*)\s*\}\}/g;

/**
 * `text` with each known placeholder replaced by its value, in one pass (a value that
 * looks like a placeholder stays as it is). An unknown placeholder is left as typed, so
 * it shows; saving a template refuses one (`unknownPlaceholders`).
 */
export function fillReplyTemplate(text: string, fields: ReplyFields): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (placeholderNames.includes(name) ? fields[name as ReplyPlaceholder] : whole));
}

/**
 * A subject filled for a lead: its values flattened to one line first (line breaks and
 * other control characters become a space), so a name typed over two lines still makes
 * a subject the reply endpoint takes.
 */
export function fillReplySubject(subject: string, fields: ReplyFields): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is flattened
  const flat = Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ")])) as ReplyFields;
  return fillReplyTemplate(subject, flat);
}

/** The placeholders in `text` that are not ours, each once, as written between the braces. */
export function unknownPlaceholders(text: string): string[] {
  const unknown = [...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? "").filter((name) => !placeholderNames.includes(name));
  return [...new Set(unknown)];
}

export type ReplyTemplate = { id: number; name: string; subject: string; body: string; createdAt: string; updatedAt: string };

/**
 * GET /api/admin/reply-templates: every template, oldest first; whether replies are sent
 * (SMTP configured) or drafted; and the values of an example lead to preview them with.
 */
export type ReplyTemplateList = { templates: ReplyTemplate[]; mailEnabled: boolean; example: ReplyFields };

/**
 * GET /api/admin/leads/{id}/replies: what the Reply dialog needs. `to` is the lead's
 * e-mail (null: Reply is not possible); `templates` are filled for this lead; with
 * `mailEnabled` false, a reply is drafted in the owner's e-mail app (`mailto:`).
 */
export type ReplyContext = { to: string | null; mailEnabled: boolean; fields: ReplyFields; templates: ReplyTemplate[] };

export const replyModes = ["send", "draft"] as const;
export type ReplyMode = (typeof replyModes)[number];

/**
 * A `mailto:` link to `to` with the subject and body filled in (RFC 6068: every part
 * percent-encoded, line breaks as CRLF).
 */
export function mailtoLink(to: string, subject: string, body: string): string {
  const encode = (value: string) => encodeURIComponent(value.replace(/\r?\n/g, "\r\n"));
  return `mailto:${encodeURIComponent(to).replace(/%40/g, "@")}?subject=${encode(subject)}&body=${encode(body)}`;
}
