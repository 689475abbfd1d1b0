import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import ICAL from "ical.js";
import ipaddr from "ipaddr.js";
import { type Interval, mergeIntervals } from "./slot-engine";

/** The feed is read again after this long (the background job and the first request after it). */
export const BUSY_FEED_REFRESH_MS = 10 * 60_000;
const FEED_TIMEOUT_MS = 10_000;
const FEED_MAX_BYTES = 5 * 1024 * 1024;
/** Occurrences of recurring events are expanded this far around now; the booking horizon is at most 90 days. */
const EXPAND_BEFORE_MS = 24 * 3_600_000;
const EXPAND_AFTER_MS = 92 * 24 * 3_600_000;

/**
 * Whether the feed may be on a loopback or private address over plain http. Only tests set
 * BOOKING_FEED_ALLOW_PRIVATE=1 (to serve a feed from 127.0.0.1): in production the address
 * the owner pastes must be https and public, so it cannot be used to read the server's own
 * network (docs/booking.md).
 */
function privateFeedsAllowed(): boolean {
  return process.env.BOOKING_FEED_ALLOW_PRIVATE === "1";
}

export class BusyFeedError extends Error {}

/** Why the owner's feed address cannot be used, or null when it can (checked on save and on every read). */
export function busyFeedUrlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "Enter the calendar's full address.";
  }
  const allowPrivate = privateFeedsAllowed();
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) return "The calendar address must start with https://.";
  if (url.username || url.password) return "The calendar address must not contain a user name or password.";
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (ipaddr.isValid(host) && !allowPrivate && !isPublicAddress(host)) return "The calendar address must be on the public internet.";
  if (!allowPrivate && (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".internal") || host.endsWith(".local"))) {
    return "The calendar address must be on the public internet.";
  }
  return null;
}

function isPublicAddress(address: string): boolean {
  const parsed = ipaddr.process(address);
  return parsed.range() === "unicast";
}

/**
 * Resolves a host for the feed request and refuses non-public addresses at connection
 * time, so a name that resolves to a private address (or changes to one) is refused too.
 */
function guardedLookup(hostname: string, options: object, callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const list = addresses as LookupAddress[];
    if (!privateFeedsAllowed() && list.some((entry) => !isPublicAddress(entry.address))) {
      return callback(Object.assign(new Error(`The calendar host ${hostname} resolves to a non-public address.`), { code: "EFORBIDDEN" }), []);
    }
    const wantsAll = (options as { all?: boolean }).all === true;
    if (wantsAll) return callback(null, list);
    const first = list[0];
    if (!first) return callback(Object.assign(new Error(`No address for ${hostname}.`), { code: "ENOTFOUND" }), []);
    callback(null, first.address, first.family);
  });
}

/** Downloads the feed's text: at most 5 MB, 10 s, no redirects to elsewhere. */
export function downloadFeed(raw: string): Promise<string> {
  const problem = busyFeedUrlProblem(raw);
  if (problem) return Promise.reject(new BusyFeedError(problem));
  const url = new URL(raw);
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(url, { lookup: guardedLookup, timeout: FEED_TIMEOUT_MS, headers: { accept: "text/calendar" } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new BusyFeedError(`The calendar answered ${response.statusCode}.`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > FEED_MAX_BYTES) {
          request.destroy(new BusyFeedError("The calendar is larger than 5 MB."));
          return;
        }
        chunks.push(chunk);
      });
      response.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new BusyFeedError("The calendar did not answer within 10 seconds.")));
    request.on("error", reject);
  });
}

/**
 * The busy times of an iCalendar text between `now` - 1 day and `now` + 92 days, sorted
 * and merged: every event that is not transparent or cancelled, recurring ones expanded
 * with their exceptions (a moved or cancelled occurrence) applied by ical.js.
 */
export function busyIntervalsOf(text: string, now: number): Interval[] {
  const root = new ICAL.Component(ICAL.parse(text));
  for (const zone of root.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const windowStart = now - EXPAND_BEFORE_MS;
  const windowEnd = now + EXPAND_AFTER_MS;
  const masters = new Map<string, ICAL.Event>();
  const exceptions: ICAL.Component[] = [];
  const intervals: Interval[] = [];
  for (const component of root.getAllSubcomponents("vevent")) {
    if (component.hasProperty("recurrence-id")) exceptions.push(component);
    else masters.set(String(component.getFirstPropertyValue("uid") ?? Math.random()), new ICAL.Event(component));
  }
  for (const exception of exceptions) {
    const master = masters.get(String(exception.getFirstPropertyValue("uid")));
    if (master) master.relateException(exception);
    else masters.set(`${String(exception.getFirstPropertyValue("uid"))}#${intervals.length}`, new ICAL.Event(exception));
  }
  const isBusy = (component: ICAL.Component) =>
    String(component.getFirstPropertyValue("transp") ?? "OPAQUE").toUpperCase() !== "TRANSPARENT" &&
    String(component.getFirstPropertyValue("status") ?? "").toUpperCase() !== "CANCELLED";
  const add = (start: ICAL.Time, end: ICAL.Time) => {
    const from = start.toJSDate().getTime();
    const to = end.toJSDate().getTime();
    if (to > windowStart && from < windowEnd && to > from) intervals.push({ start: from, end: to });
  };
  for (const event of masters.values()) {
    if (!event.isRecurring()) {
      if (isBusy(event.component)) add(event.startDate, event.endDate);
      continue;
    }
    const iterator = event.iterator();
    for (let next = iterator.next(); next; next = iterator.next()) {
      if (next.toJSDate().getTime() >= windowEnd) break;
      const occurrence = event.getOccurrenceDetails(next);
      if (isBusy(occurrence.item.component)) add(occurrence.startDate, occurrence.endDate);
    }
  }
  return mergeIntervals(intervals);
}

type CachedFeed = { url: string; readAt: number; intervals: Interval[]; error: string | null };
let cached: CachedFeed | undefined;
let refreshing: Promise<void> | undefined;

/**
 * The busy intervals of the owner's feed, as last read: computed once per read of the
 * feed (every 10 minutes), never per request. A feed that fails keeps its last good
 * intervals and records the error for the availability screen.
 */
export async function busyIntervals(url: string | null, now = Date.now()): Promise<Interval[]> {
  if (!url) return [];
  if (!cached || cached.url !== url || now - cached.readAt >= BUSY_FEED_REFRESH_MS) await refreshBusyFeed(url, now);
  return cached?.url === url ? cached.intervals : [];
}

export function refreshBusyFeed(url: string, now = Date.now()): Promise<void> {
  refreshing ??= (async () => {
    try {
      const intervals = busyIntervalsOf(await downloadFeed(url), now);
      cached = { url, readAt: now, intervals, error: null };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error("[booking] the busy calendar could not be read:", message);
      cached = { url, readAt: now, intervals: cached?.url === url ? cached.intervals : [], error: message };
    } finally {
      refreshing = undefined;
    }
  })();
  return refreshing;
}

/** What the availability screen says about the feed: when it was read and whether that worked. */
export function busyFeedStatus(url: string | null): { readAt: string | null; events: number; error: string | null } {
  if (!url || cached?.url !== url) return { readAt: null, events: 0, error: null };
  return { readAt: new Date(cached.readAt).toISOString(), events: cached.intervals.length, error: cached.error };
}

/** Forgets the cached feed (after the owner changes its address, and between tests). */
export function forgetBusyFeed(): void {
  cached = undefined;
}

let timer: ReturnType<typeof setInterval> | undefined;

/**
 * Reads the owner's feed every 10 minutes in the background (src/server/background-jobs.ts),
 * so visitors never wait for it; `loadUrl` gives the address as saved now.
 */
export function startBusyFeedJob(loadUrl: () => Promise<string | null>): void {
  if (timer) return;
  const tick = () =>
    void loadUrl()
      .then((url) => (url ? refreshBusyFeed(url) : undefined))
      .catch((error: unknown) => console.error("[booking] busy feed job:", error instanceof Error ? error.message : error));
  timer = setInterval(tick, BUSY_FEED_REFRESH_MS);
  timer.unref();
  tick();
}

export function stopBusyFeedJob(): void {
  if (timer) clearInterval(timer);
  timer = undefined;
}
