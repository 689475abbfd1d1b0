/**
 * The name of each form's hidden trap field (honeypot-field.tsx), apart from the schemas so
 * the forms' first script can name it without loading the schema library.
 */
export const CONTACT_HONEYPOT_FIELD = "website";
export const SURVEY_HONEYPOT_FIELD = "website";
