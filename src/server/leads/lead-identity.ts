import type { SubmissionKind } from "@/lib/lead-desk";

/** What the desk reads of one submission, whatever its kind. */
export interface SubmissionIdentity {
  kind: SubmissionKind;
  at: number;
  /** A contact's name; a survey's business name (a survey asks for no person). */
  name: string;
  business: string | null;
  email: string;
  phone: string;
  /** The free text the owner may search for: a message, or a survey's comments, address and use. */
  text: string;
}

export type ContactIdentityRow = { created_at: number; name: string; email: string; phone: string; message: string };
export type SurveyIdentityRow = {
  created_at: number;
  business_name: string;
  email: string;
  phone_number: string;
  address: string;
  primary_internet_use: string;
  additional_comments: string;
};

export function contactIdentity(row: ContactIdentityRow): SubmissionIdentity {
  return { kind: "contact", at: Number(row.created_at), name: row.name, business: null, email: row.email, phone: row.phone, text: row.message };
}

export function surveyIdentity(row: SurveyIdentityRow): SubmissionIdentity {
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

/** The e-mail a lead is matched on: trimmed, lower case. */
export function emailKey(email: string | null | undefined): string | null {
  const key = email?.trim().toLowerCase();
  return key ? key : null;
}

/** The phone a lead is matched on: its digits, a US number without its leading 1. */
export function phoneKey(phone: string | null | undefined): string | null {
  const digits = (phone ?? "").replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) return digits.slice(1);
  return digits === "" ? null : digits;
}

/** The searchable words of a text: lower case, accents dropped, split on anything not a letter or digit. */
export function searchWords(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "");
}

/**
 * One lead's search document: its name, business, e-mail and phone (as typed, as
 * digits and as its matching key) and every submission's own details and text. Both
 * engines index the same plain words, so a search finds the same leads on either.
 */
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

/** The words of a search box, a US phone number with its leading 1 matched without it. */
export function searchTerms(query: string): string[] {
  const terms = searchWords(query).map((word) => (/^1\d{10}$/.test(word) ? word.slice(1) : word));
  return [...new Set(terms)].slice(0, 12);
}

/**
 * The identity a new lead takes from its first submission. Later submissions only fill
 * what it lacks (a business): the e-mail and phone it is matched on stay its own.
 */
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
