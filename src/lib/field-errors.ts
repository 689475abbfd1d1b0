export interface FieldErrors {
  [field: string]: string;
}

/** What a failed zod parse carries (classic or mini): the issues with their paths. */
export interface ValidationIssues {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

/** The first message for each invalid field, keyed by its top-level name. */
export function fieldErrors(error: ValidationIssues): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : "_root";
    fields[field] ??= issue.message;
  }
  return fields;
}
