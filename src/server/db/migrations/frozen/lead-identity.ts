/*
 * FROZEN. The lead identity rules as migrations 0008_leads and 0015_submission_keys applied them: a copy of
 * src/server/leads/lead-identity.ts as of commit 1e6039f (2026-11-27). Never edit it to follow today's rules; a later
 * migration that needs other rules carries its own copy.
 */

export interface SubmissionIdentity {
  kind: "contact" | "survey";
  at: number;
  name: string;
  business: string | null;
  email: string;
  phone: string;
  text: string;
}

export function contactIdentity(row: { created_at: number; name: string; email: string; phone: string; message: string }): SubmissionIdentity {
  return { kind: "contact", at: Number(row.created_at), name: row.name, business: null, email: row.email, phone: row.phone, text: row.message };
}

export function surveyIdentity(row: {
  created_at: number;
  business_name: string;
  email: string;
  phone_number: string;
  address: string;
  primary_internet_use: string;
  additional_comments: string;
}): SubmissionIdentity {
  return {
    kind: "survey",
    at: Number(row.created_at),
    name: row.business_name,
    business: row.business_name,
    email: row.email,
    phone: row.phone_number,
    text: [row.additional_comments, row.address, row.primary_internet_use].join(" "),
  };
}

/** Trimmed, lower case. */
export function emailKey(email: string | null | undefined): string | null {
  const key = email?.trim().toLowerCase();
  return key ? key : null;
}

/** The digits, a US number without its leading 1. */
export function phoneKey(phone: string | null | undefined): string | null {
  const digits = (phone ?? "").replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) return digits.slice(1);
  return digits === "" ? null : digits;
}

function searchWords(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "");
}

/** One lead's search words: the lead's name, business, e-mail and phone, then every submission's, and their text. */
export function leadSearchBody(lead: { name: string; business: string | null; email: string | null; phone: string | null }, submissions: readonly SubmissionIdentity[]): string {
  const parts: string[] = [];
  const addPerson = (name: string, business: string | null, email: string | null, phone: string | null) => {
    parts.push(name, business ?? "", email ?? "", phone ?? "", (phone ?? "").replace(/\D/g, ""), phoneKey(phone) ?? "");
  };
  addPerson(lead.name, lead.business, lead.email, lead.phone);
  for (const submission of submissions) {
    addPerson(submission.name, submission.business, submission.email, submission.phone);
    parts.push(submission.text);
  }
  return [...new Set(searchWords(parts.join(" ")))].join(" ");
}

/** The identity a new lead takes from its first submission. */
export function newLeadIdentity(first: SubmissionIdentity) {
  return {
    name: first.name,
    business: first.business,
    email: first.email,
    email_key: emailKey(first.email),
    phone: first.phone,
    phone_key: phoneKey(first.phone),
  };
}
