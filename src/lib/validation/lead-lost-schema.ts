import * as z from "zod/mini";
import "./zod-config";
import { lostReasons } from "../lead-desk";
import { textField } from "./text-field";

export const LOST_NOTE_MAX = 500;
const reasonValues = lostReasons.map((reason) => reason.value) as [(typeof lostReasons)[number]["value"], ...(typeof lostReasons)[number]["value"][]];

/** Marking a lead Lost: a reason from the short list, and words of one's own (needed for Other). */
export const leadLostSchema = z
  .object({
    lostReason: z.enum(reasonValues, { error: "Choose a reason." }),
    lostNote: z.optional(textField("The note must be text.", z.maxLength(LOST_NOTE_MAX, `At most ${LOST_NOTE_MAX} characters.`))),
  })
  .check(
    z.refine((value) => value.lostReason !== "other" || Boolean(value.lostNote), {
      message: "Say why the lead was lost.",
      path: ["lostNote"],
    }),
  );

export type LeadLostData = z.output<typeof leadLostSchema>;
