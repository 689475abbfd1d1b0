import * as z from "zod/mini";
import "./zod-config";
import { callOutcomes } from "../lead-desk";
import { textField } from "./text-field";

export const CALL_NOTE_MAX = 2000;
const outcomeValues = callOutcomes.map((outcome) => outcome.value) as [(typeof callOutcomes)[number]["value"], ...(typeof callOutcomes)[number]["value"][]];

/** A call logged on a lead (POST /api/admin/leads/{id}/calls): its outcome, a note, the next follow-up. */
export const leadCallSchema = z.object({
  outcome: z.enum(outcomeValues, { error: "Choose how the call went." }),
  note: z.optional(textField("The note must be text.", z.maxLength(CALL_NOTE_MAX, `At most ${CALL_NOTE_MAX} characters.`))),
  nextFollowUpAt: z.optional(z.iso.datetime({ offset: true, error: "Choose a date for the follow-up." })),
});

export type LeadCallData = z.output<typeof leadCallSchema>;
