import * as z from "zod/mini";
import "./zod-config";
import { textField } from "./text-field";

export const LEAD_NOTE_MAX = 5000;

/** A note on a lead (POST and PATCH /api/admin/leads/{id}/notes…): the add and the edit form. */
export const leadNoteSchema = z.object({
  text: textField(
    "Write the note.",
    z.minLength(1, "Write the note."),
    z.maxLength(LEAD_NOTE_MAX, `A note is at most ${LEAD_NOTE_MAX} characters.`),
  ),
});

export type LeadNoteData = z.output<typeof leadNoteSchema>;
