import type { z } from "zod";

export interface FieldErrors {
  [field: string]: string;
}

/** The first message for each invalid field, keyed by its top-level name. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : "_root";
    fields[field] ??= issue.message;
  }
  return fields;
}
