import { randomInt } from "node:crypto";
import type { ContactRequestData } from "@/lib/validation/contact-request-schema";
import type { SurveyData } from "@/lib/validation/survey-schema";
import { mailConfig } from "@/server/config";
import { type LeadRecord, recordSubmission, type SubmissionWrite } from "@/server/db/lead-submissions";
import { buildContactLeadEmail, buildSurveyLeadEmail } from "@/server/mail/lead-emails";
import { kickOutbox } from "@/server/mail/outbox-worker";
import { leadEmailAllowance } from "./lead-email-allowance";
import { submissionRateLimit } from "./submission-rate-limit";

export type SubmitOutcome =
  | { status: "stored"; id: number }
  | { status: "spam"; id: number }
  | { status: "rate-limited"; retryAfterSeconds: number };

/*
 * Every lead, from the API and from the no-script form alike, is stored together
 * with its notification in one transaction: once acknowledged, it is kept and will
 * be e-mailed even if SMTP is down at that moment. Past LEAD_EMAILS_PER_HOUR in an
 * hour, its e-mail waits for the hourly digest instead of going out on its own.
 */

export async function submitContactRequest(data: ContactRequestData, clientAddress: string): Promise<SubmitOutcome> {
  const mail = mailConfig();
  return submitLead({ kind: "contact", data }, data.website, clientAddress, mail ? (receivedAt) => buildContactLeadEmail(data, mail, receivedAt) : undefined);
}

export async function submitSurvey(data: SurveyData, clientAddress: string): Promise<SubmitOutcome> {
  const mail = mailConfig();
  return submitLead({ kind: "survey", data }, data.website, clientAddress, mail ? (receivedAt) => buildSurveyLeadEmail(data, mail, receivedAt) : undefined);
}

/** Rate limit first, then the honeypot, then store. */
async function submitLead(lead: LeadRecord, honeypot: string | undefined, clientAddress: string, outbox: SubmissionWrite["outbox"]): Promise<SubmitOutcome> {
  const { allowance, stored } = await recordSubmission({
    rateLimit: submissionRateLimit(lead.kind, clientAddress),
    // A filled honeypot still counts against the limit.
    lead: honeypot ? undefined : lead,
    outbox,
    notificationAllowance: outbox ? leadEmailAllowance() : undefined,
  });
  if (!allowance.allowed) return { status: "rate-limited", retryAfterSeconds: allowance.retryAfterSeconds };
  // A filled honeypot looks like success to the bot; nothing is stored or sent.
  if (!stored) return { status: "spam", id: randomInt(1, 1_000_000) };
  if (outbox) kickOutbox();
  return { status: "stored", id: stored.id };
}
