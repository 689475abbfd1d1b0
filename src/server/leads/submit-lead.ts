import "server-only";
import { randomInt } from "node:crypto";
import type { ContactRequestData } from "@/lib/validation/contact-request-schema";
import type { SurveyData } from "@/lib/validation/survey-schema";
import { mailConfig } from "@/server/config";
import { insertContactRequest } from "@/server/db/contact-requests";
import { insertSurveySubmission } from "@/server/db/survey-submissions";
import { buildContactLeadEmail, buildSurveyLeadEmail } from "@/server/mail/lead-emails";
import { kickOutbox } from "@/server/mail/outbox-worker";
import { consumeSubmissionAllowance, type LeadKind } from "./submission-rate-limit";

export type SubmitOutcome =
  | { status: "stored"; id: number }
  | { status: "spam"; id: number }
  | { status: "rate-limited"; retryAfterSeconds: number };

/** Rate limit, then honeypot: returns the outcome when the lead must not be stored. */
async function screenLead(kind: LeadKind, honeypot: string | undefined, clientAddress: string): Promise<SubmitOutcome | null> {
  const allowance = await consumeSubmissionAllowance(kind, clientAddress);
  if (!allowance.allowed) return { status: "rate-limited", retryAfterSeconds: allowance.retryAfterSeconds };
  // A filled honeypot looks like success to the bot; nothing is stored or sent.
  if (honeypot) return { status: "spam", id: randomInt(1, 1_000_000) };
  return null;
}

/*
 * Every lead, from the API and from the no-script form alike, is stored together
 * with its notification in one transaction: once acknowledged, it is kept and will
 * be e-mailed even if SMTP is down at that moment.
 */

export async function submitContactRequest(data: ContactRequestData, clientAddress: string): Promise<SubmitOutcome> {
  const screened = await screenLead("contact", data.website, clientAddress);
  if (screened) return screened;
  const mail = mailConfig();
  const outbox = mail ? buildContactLeadEmail(data, mail, new Date()) : undefined;
  const { id } = await insertContactRequest(data, { outbox });
  if (outbox) kickOutbox();
  return { status: "stored", id };
}

export async function submitSurvey(data: SurveyData, clientAddress: string): Promise<SubmitOutcome> {
  const screened = await screenLead("survey", data.website, clientAddress);
  if (screened) return screened;
  const mail = mailConfig();
  const outbox = mail ? buildSurveyLeadEmail(data, mail, new Date()) : undefined;
  const { id } = await insertSurveySubmission(data, { outbox });
  if (outbox) kickOutbox();
  return { status: "stored", id };
}
