// zod/mini, as the desk's other schemas: the templates screen and the Reply dialog share these with the API.
import * as z from "zod/mini";
import "./zod-config";
import { REPLY_BODY_MAX, REPLY_SUBJECT_MAX, REPLY_TEMPLATE_NAME_MAX, replyModes, unknownPlaceholders } from "../reply-templates";
import { textField } from "./text-field";

/** A subject is one line: a line break could end the header it goes into. */
const ONE_LINE = /^[^\r\n]*$/;

const name = textField(
  "The name is text.",
  z.minLength(1, "Give the template a name."),
  z.maxLength(REPLY_TEMPLATE_NAME_MAX, `A name is at most ${REPLY_TEMPLATE_NAME_MAX} characters.`),
);
const subject = textField(
  "The subject is text.",
  z.minLength(1, "Write a subject."),
  z.maxLength(REPLY_SUBJECT_MAX, `A subject is at most ${REPLY_SUBJECT_MAX} characters.`),
  z.regex(ONE_LINE, "A subject is one line."),
);
const body = textField("The text is text.", z.minLength(1, "Write the e-mail's text."), z.maxLength(REPLY_BODY_MAX, `The text is at most ${REPLY_BODY_MAX} characters.`));

/** A template's text may hold only our placeholders (src/lib/reply-templates.ts). */
const knownPlaceholdersOnly = z.refine<string>((text) => unknownPlaceholders(text).length === 0, {
  error: (issue) => {
    const unknown = unknownPlaceholders(String(issue.input)).map((placeholder) => `{{${placeholder}}}`);
    return `Unknown placeholder ${unknown.join(", ")}. Use only those listed.`;
  },
});

const templateSubject = subject.check(knownPlaceholdersOnly);
const templateBody = body.check(knownPlaceholdersOnly);

/** POST /api/admin/reply-templates, and the templates screen's form. */
export const replyTemplateSchema = z.object({ name, subject: templateSubject, body: templateBody });
export type ReplyTemplateInput = z.output<typeof replyTemplateSchema>;

/** PATCH /api/admin/reply-templates/{id}: any of the three. */
export const replyTemplatePatchSchema = z
  .object({ name: z.optional(name), subject: z.optional(templateSubject), body: z.optional(templateBody) })
  .check(z.refine((patch) => Object.values(patch).some((value) => value !== undefined), { message: "Nothing to change.", path: ["_root"] }));
export type ReplyTemplatePatch = z.output<typeof replyTemplatePatchSchema>;

/**
 * POST /api/admin/leads/{id}/replies: the reply as the owner edited it (already filled:
 * it is sent as it is). `templateId` names the template it started from; `mode` is "send"
 * (through the outbox) or "draft" (the owner's e-mail app opened it), by default "send"
 * when e-mail is configured and "draft" when not.
 */
export const leadReplySchema = z.object({
  templateId: z.optional(z.nullable(z.int({ error: "The template id is a whole number." }).check(z.positive("The template id is a whole number."), z.maximum(Number.MAX_SAFE_INTEGER, "The template id is a whole number.")))),
  subject,
  body,
  mode: z.optional(z.enum(replyModes, { error: `The mode is one of ${replyModes.join(", ")}.` })),
});
export type LeadReply = z.output<typeof leadReplySchema>;
