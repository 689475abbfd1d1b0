import fc from "fast-check";
import { adminLoginSchema } from "@/lib/validation/admin-login-schema";
import { contactRequestSchema } from "@/lib/validation/contact-request-schema";
import { surveySchema } from "@/lib/validation/survey-schema";
import { contactPresetValues, projectTypeValues } from "@/lib/validation/project-types";
import { surveyServiceValues } from "@/lib/validation/survey-services";
import { validContact, validSurvey } from "./api-request";
import { SESSION_COOKIE, sessionCookieNameFor } from "./admin-client";
import type { RawRequest } from "./raw-http";

/**
 * fast-check generators of hostile HTTP requests for the JSON API, and the oracle
 * that says what a correct server answers to each. Generated values are plain data,
 * so a failure prints the request that caused it and the seed replays it.
 */

const encoder = new TextEncoder();
export const utf8 = (text: string): Uint8Array => encoder.encode(text);

/** Fragments aimed at SQL, HTML, templates, headers, spreadsheets and paths. */
export const ATTACK_FRAGMENTS = [
  "'; DROP TABLE contact_requests; --",
  "Robert'); DROP TABLE survey_submissions;--",
  "\" OR \"1\"=\"1",
  "' OR 1=1 --",
  "1; SELECT pg_sleep(10)",
  "' UNION SELECT token_hash, 1, 1 FROM admin_sessions --",
  "<script>alert(document.cookie)</script>",
  "<img src=x onerror=alert(1)>",
  "</textarea><svg onload=alert(1)>",
  "javascript:alert(1)",
  "{{7*7}} ${7*7} #{7*7} <%= 7*7 %>",
  "=HYPERLINK(\"http://evil.example\",\"x\")",
  "@SUM(1+1)",
  "+cmd|' /C calc'!A0",
  "\r\nBcc: victim@example.com",
  "../../../../etc/passwd",
  "%00%0d%0a",
  "\\u0000",
] as const;

/**
 * Text a real visitor may type and the site must keep exactly: no NUL (refused by
 * design) and no whitespace at either end (trimmed by design).
 */
export const UNUSUAL_TEXTS = [
  "😀 👩🏽‍💻 🇺🇸 🏳️‍🌈 🧑‍🤝‍🧑",
  "مرحبا، نحتاج إلى إنترنت احتياطي",
  "שלום, אנחנו צריכים אינטרנט",
  "\u202Egnp.exe\u202C ← right-to-left override",
  "O'Brien & \"Sons\" `tick` ‘curly’ “quotes” «guillemets»",
  "'; DROP TABLE contact_requests; --",
  "Robert'); DROP TABLE survey_submissions;--",
  "<script>alert('x')</script>",
  "<img src=x onerror=alert(1)>",
  "Zoë Ångström — naïve café",
  "漢字かなカナ 한국어 中文",
  "e\u0301 a\u030A combining marks",
  "zero\u200Bwidth\u200Djoiner and inside\uFEFFBOM",
  "tab\tinside, line\nbreak, CR\r\nLF",
  "back\\slash /slash %00 %s %n",
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𝟙𝟚𝟛",
  "bell\u0007 escape\u001b[31m del\u007f",
  "=HYPERLINK(\"http://evil.example\")",
  "{{7*7}} ${7*7}",
] as const;

const printableAscii = (maxLength: number) => fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength });
const controlText = fc.string({ unit: fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)), minLength: 1, maxLength: 12 });
/** Long enough to pass a field limit, sometimes long enough to pass the 64 KB body limit. */
const hugeText = fc
  .tuple(fc.constantFrom(10_000, 40_000, 70_000), fc.constantFrom("A", "é", "😀", "'", "<", "\\", "\""))
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 3, arbitrary: fc.constantFrom(...ATTACK_FRAGMENTS) },
  { weight: 2, arbitrary: controlText },
  { weight: 2, arbitrary: fc.constantFrom(...UNUSUAL_TEXTS) },
  { weight: 1, arbitrary: hugeText },
);

const hostileKey = fc.oneof(
  fc.constantFrom("__proto__", "constructor", "prototype", "id", "viewed", "createdAt", "created_at", "toString", "hasOwnProperty", ""),
  fc.string({ unit: "binary", maxLength: 12 }),
);

/** Set as an own property, so `__proto__` is sent as a key instead of changing the prototype. */
function withOwn(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

const { json: hostileJson } = fc.letrec<{ json: unknown }>((tie) => ({
  json: fc.oneof(
    { depthSize: "small", maxDepth: 4 },
    hostileText,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("json"), { maxLength: 4 }),
    fc.array(fc.tuple(hostileKey, tie("json")), { maxLength: 4 }).map((entries) => entries.reduce<Record<string, unknown>>((object, [key, value]) => withOwn(object, key, value), {})),
  ),
}));

/** JSON text nested thousands of levels deep, to be spliced in where a value goes. */
const deepJson = fc
  .tuple(fc.constantFrom(100, 5_000, 20_000, 40_000), fc.constantFrom("array", "object"))
  .map(([depth, shape]) => (shape === "array" ? "[".repeat(depth) + "]".repeat(depth) : '{"a":'.repeat(depth) + "1" + "}".repeat(depth)));

/** Values a field may get instead of a good one; `undefined` removes the field. */
const hostileFieldValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  { weight: 3, arbitrary: hostileJson },
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constantFrom("", " ", "0", "-1", "1e999", "NaN", "true", "null", "[]", "{}") },
  { weight: 1, arbitrary: fc.constantFrom(-1, 0, 1.5, 1e21, Number.MAX_SAFE_INTEGER, -0) },
);

const DEEP_MARKER = "\u0001deep\u0001";

/** A valid object with some fields replaced, removed or added; rendered as bytes. */
function mutatedObjectBody(base: Record<string, unknown>): fc.Arbitrary<Uint8Array> {
  const fields = Object.keys(base);
  return fc
    .record({
      changes: fc.array(fc.tuple(fc.constantFrom(...fields, "website", "source"), hostileFieldValue), { minLength: 1, maxLength: 4 }),
      extras: fc.array(fc.tuple(hostileKey, hostileJson), { maxLength: 3 }),
      deep: fc.option(fc.tuple(fc.constantFrom(...fields), deepJson), { freq: 8 }),
    })
    .map(({ changes, extras, deep }) => {
      const object: Record<string, unknown> = { ...base };
      for (const [field, value] of changes) {
        if (value === undefined) delete object[field];
        else object[field] = value;
      }
      for (const [key, value] of extras) withOwn(object, key, value);
      if (deep) object[deep[0]] = DEEP_MARKER;
      let text = JSON.stringify(object);
      if (deep) text = text.replace(JSON.stringify(DEEP_MARKER), deep[1]);
      return utf8(text);
    });
}

/** Invalid UTF-8 where a string should be: stray continuation, overlong, surrogate, truncated. */
const INVALID_UTF8 = [[0xc3, 0x28], [0xff], [0xfe, 0xfe], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf8, 0x88, 0x80, 0x80, 0x80], [0x80]];

function invalidUtf8Body(base: Record<string, unknown>): fc.Arbitrary<Uint8Array> {
  const strings = Object.keys(base).filter((field) => typeof base[field] === "string");
  const fields = strings.length > 0 ? strings : ["text"];
  return fc.tuple(fc.constantFrom(...fields), fc.constantFrom(...INVALID_UTF8)).map(([field, bytes]) => {
    const marker = "\u0002bytes\u0002";
    const [before, after] = JSON.stringify({ ...base, [field]: marker }).split(JSON.stringify(marker).slice(1, -1));
    return new Uint8Array([...utf8(before ?? ""), ...bytes, ...utf8(after ?? "")]);
  });
}

/** Every shape of body a hostile client may send to a JSON endpoint built on `base`. */
export function hostileBody(base: Record<string, unknown>, valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Uint8Array> {
  return fc.oneof(
    { weight: 8, arbitrary: mutatedObjectBody(base) },
    { weight: 4, arbitrary: valid.map((object) => utf8(JSON.stringify(object))) },
    { weight: 1, arbitrary: hostileJson.map((value) => utf8(JSON.stringify(value) ?? "null")) },
    { weight: 1, arbitrary: invalidUtf8Body(base) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 60 }).map((cut) => utf8(JSON.stringify(base).slice(0, cut))) },
    { weight: 1, arbitrary: deepJson.map(utf8) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "",
        "null",
        "[]",
        '"just a string"',
        '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}',
        '{"name":"a","name":"b"}',
        '{"employeeCount":1e999,"deviceCount":-1e999}',
        "{'single':'quotes'}",
        '{"trailing":"comma",}',
        "\uFEFF{}",
      ).map(utf8),
    },
  );
}

const GOOD_JSON_TYPES = ["application/json", "application/json; charset=utf-8", "Application/JSON", "application/json;charset=UTF-8"];
const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...GOOD_JSON_TYPES) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      undefined,
      "",
      "text/plain",
      "text/plain;charset=UTF-8",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=----x",
      "application/json5",
      "application/jsonx",
      "text/json",
      "application/ld+json",
      "*/*",
      "application/json\u00e9",
      " application/json",
    ),
  },
  { weight: 1, arbitrary: printableAscii(60) },
);

const forwardedFor = fc.oneof(
  fc.ipV4(),
  fc.ipV6(),
  fc.array(fc.ipV4(), { minLength: 2, maxLength: 5 }).map((list) => list.join(", ")),
  printableAscii(300),
  fc.constantFrom("unknown", "", ",,,", "::ffff:127.0.0.1", "' OR 1=1 --", "\u00ff\u00fe"),
);

/** Headers a client controls that the app reads or that proxies pass on. */
const noiseHeaders: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      "x-forwarded-for": forwardedFor,
      "x-real-ip": printableAscii(80),
      "x-forwarded-proto": fc.constantFrom("https", "http", "gopher", "https, http", ""),
      "user-agent": printableAscii(200),
      "accept-language": printableAscii(80),
      accept: fc.constantFrom("application/json", "text/html", "*/*", "text/csv", ""),
      referer: printableAscii(120),
    },
    { requiredKeys: [] },
  )
  .map((headers) => Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => typeof entry[1] === "string")));

/** The standard methods: the endpoints serve HEAD with their GET, and OPTIONS and the rest through their `ALL` handler. */
export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;

function methodFor(expected: string): fc.Arbitrary<string> {
  return fc.oneof({ weight: 10, arbitrary: fc.constant(expected) }, { weight: 2, arbitrary: fc.constantFrom(...HTTP_METHODS) });
}

/* ---------- valid submissions with unusual text ---------- */

const unusualText = (min: number, max: number) =>
  fc
    .array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...UNUSUAL_TEXTS) }, { weight: 2, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 8 }) }), {
      minLength: 1,
      maxLength: 4,
    })
    .map((parts) => parts.join(" "))
    .filter((text) => text === text.trim() && [...text].length >= min && text.length <= max && !text.includes("\u0000"));

const emails = fc.constantFrom("dana@example.com", "o'brien+quote@example.com", "x_y-z@sub.example.co.uk", "UPPER@EXAMPLE.COM");
const phones = (min: number) =>
  fc.oneof(
    fc.constantFrom("(864) 555-0142", "+1 864 555 0142 ext. 7", "٨٦٤-٥٥٥-٠١٤٢ ☎", "'; DROP--555-0142", "<b>864</b>5550142"),
    unusualText(min, 30),
  );

export const unusualContact: fc.Arbitrary<Record<string, unknown>> = fc.record(
  {
    name: unusualText(2, 100),
    email: emails,
    phone: phones(10),
    projectType: fc.constantFrom(...projectTypeValues),
    message: unusualText(10, 5000),
    source: fc.constantFrom(...contactPresetValues),
  },
  { requiredKeys: ["name", "email", "phone", "projectType", "message"] },
).filter((value) => contactRequestSchema.safeParse(value).success);

export const unusualSurvey: fc.Arbitrary<Record<string, unknown>> = fc.record(
  {
    businessName: unusualText(2, 200),
    email: emails,
    phoneNumber: phones(7),
    address: unusualText(5, 300),
    employeeCount: fc.oneof(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 100_000 }).map(String)),
    deviceCount: fc.integer({ min: 0, max: 1_000_000 }),
    primaryInternetUse: unusualText(2, 500),
    usesStreaming: fc.boolean(),
    hasPublicWifi: fc.boolean(),
    phoneCount: fc.integer({ min: 0, max: 100_000 }),
    interestedServices: fc.uniqueArray(fc.constantFrom(...surveyServiceValues)),
    additionalComments: fc.oneof(fc.constant(""), unusualText(1, 5000)),
  },
  { requiredKeys: ["businessName", "email", "phoneNumber", "address", "employeeCount", "deviceCount", "primaryInternetUse", "phoneCount"] },
).filter((value) => surveySchema.safeParse(value).success);

/* ---------- requests and what the server must answer ---------- */

/** A validation schema of the site (zod or zod/mini), as far as the oracle needs it. */
export interface SafeParser {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false };
}

export interface HostileRequest extends RawRequest {
  headers: Record<string, string>;
}

/** POST /api/contact or /api/survey, or the login: any method, type, body, headers. */
export function formRequests(path: string, base: Record<string, unknown>, valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<HostileRequest> {
  return fc
    .record({
      method: methodFor("POST"),
      contentType,
      body: hostileBody(base, valid),
      chunked: fc.boolean(),
      headers: noiseHeaders,
    })
    .map(({ method, contentType: type, body, chunked, headers }) => ({
      method,
      path,
      body,
      chunked,
      headers: type === undefined ? headers : { ...headers, "content-type": type },
    }));
}

export const contactRequests = formRequests("/api/contact", validContact, unusualContact);
export const surveyRequests = formRequests("/api/survey", validSurvey, unusualSurvey);

/** The status a correct server answers a submission (contact, survey) with. */
export function expectedSubmissionStatus(request: HostileRequest, schema: SafeParser): number {
  if (request.method === "OPTIONS") return 204;
  if (request.method !== "POST") return 405;
  return expectedBodyStatus(request, schema, () => 201);
}

/** The status a correct server answers a login attempt with. */
export function expectedLoginStatus(request: HostileRequest, origin: OriginKind, credentials: { username: string; password: string }): number {
  if (request.method === "OPTIONS") return 204;
  if (request.method !== "POST") return 405;
  if (origin === "foreign") return 403;
  return expectedBodyStatus(request, adminLoginSchema, (data) => {
    const { username, password } = data as { username: string; password: string };
    return username === credentials.username && password === credentials.password ? 200 : 401;
  });
}

/** What `readJsonBody` and the schema make of a body: 415, 413, 400, or `onValid`'s answer. */
export function expectedBodyStatus(request: HostileRequest, schema: SafeParser, onValid: (data: unknown) => number): number {
  const bytes = request.body ?? new Uint8Array();
  const media = (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
  if (media !== "application/json") return 415;
  if (bytes.byteLength > 64 * 1024) return 413;
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return 400;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return 400;
  const parsed = schema.safeParse(value);
  return parsed.success ? onValid(parsed.data) : 400;
}

/** Where the cookie header comes from, and whether it carries the live session. */
export type CookieKind = "session" | "session-among-junk" | "none" | "junk-only" | "forged" | "malformed" | "too-long" | "shadowed" | "injection";

export const SESSION_PLACEHOLDER = "\u0003session\u0003";

const junkCookie = fc
  .tuple(fc.stringMatching(/^[a-z_]{1,12}$/), printableAscii(40))
  .filter(([name, value]) => name !== SESSION_COOKIE && !value.includes(SESSION_COOKIE))
  .map(([name, value]) => `${name}=${value}`);

/** With `rareSession`, the live session is sent about once in a hundred requests (logout ends it). */
function cookieHeaders(rareSession: boolean): fc.Arbitrary<{ kind: CookieKind; header?: string }> {
  const [live, other] = rareSession ? [1, 10] : [6, 1];
  return fc.oneof(
    { weight: live, arbitrary: fc.constant({ kind: "session" as const, header: `${SESSION_COOKIE}=${SESSION_PLACEHOLDER}` }) },
    {
      weight: rareSession ? 0 : 3,
      arbitrary: fc
        .tuple(fc.array(junkCookie, { maxLength: 3 }), fc.array(junkCookie, { maxLength: 3 }))
        .map(([before, after]) => ({ kind: "session-among-junk" as const, header: [...before, `${SESSION_COOKIE}=${SESSION_PLACEHOLDER}`, ...after].join("; ") })),
    },
    { weight: other, arbitrary: fc.constant({ kind: "none" as const }) },
    { weight: other, arbitrary: fc.array(junkCookie, { minLength: 1, maxLength: 4 }).map((list) => ({ kind: "junk-only" as const, header: list.join("; ") })) },
    { weight: other, arbitrary: fc.base64String({ minLength: 4, maxLength: 60 }).map((token) => ({ kind: "forged" as const, header: `${SESSION_COOKIE}=${token}` })) },
    { weight: other, arbitrary: fc.constantFrom("%", "%zz", "%E0%A4%A", "abc%", "%C0%AF", "%uD800").map((value) => ({ kind: "malformed" as const, header: `${SESSION_COOKIE}=${value}` })) },
    { weight: other, arbitrary: fc.constant({ kind: "too-long" as const, header: `${SESSION_COOKIE}=${"A".repeat(4000)}` }) },
    { weight: other, arbitrary: fc.constant({ kind: "shadowed" as const, header: `${SESSION_COOKIE}=forged-first; ${SESSION_COOKIE}=${SESSION_PLACEHOLDER}` }) },
    { weight: other, arbitrary: fc.constantFrom(...ATTACK_FRAGMENTS.filter((text) => !/[\r\n]/.test(text))).map((text) => ({ kind: "injection" as const, header: `${SESSION_COOKIE}=${text}` })) },
  );
}

export const carriesLiveSession = (kind: CookieKind) => kind === "session" || kind === "session-among-junk";

/** Cross-site markers: absent, ours, or a foreign site's. */
export type OriginKind = "none" | "same" | "foreign";
const originHeaders: fc.Arbitrary<{ origin: OriginKind; headers: Record<string, string> }> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ origin: "none" as const, headers: {} }) },
  { weight: 2, arbitrary: fc.constant({ origin: "same" as const, headers: { origin: "{SITE}", "sec-fetch-site": "same-origin" } }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<{ origin: OriginKind; headers: Record<string, string> }>(
      { origin: "foreign", headers: { origin: "https://evil.example" } },
      { origin: "foreign", headers: { origin: "null" } },
      { origin: "foreign", headers: { "sec-fetch-site": "cross-site" } },
      { origin: "foreign", headers: { "sec-fetch-site": "same-site", origin: "{SITE}" } },
      { origin: "foreign", headers: { origin: "{SITE}.evil.example" } },
    ),
  },
);

/** An id as a client may put it in the path: good, out of range, or hostile (percent-encoded). */
export interface IdSegment {
  /** As it appears in the path. */
  raw: string;
  /** What the server sees after percent-decoding, or null when the encoding is broken. */
  decoded: string | null;
}

function percentEncode(text: string): string {
  return Array.from(utf8(text), (byte) => (/[A-Za-z0-9_~-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`)).join("");
}

const idSegments: fc.Arbitrary<IdSegment> = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 80 }).map(String) },
  { weight: 2, arbitrary: fc.oneof(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }).map(String), fc.stringMatching(/^[0-9]{1,22}$/)) },
  {
    weight: 4,
    arbitrary: fc
      .oneof(hostileText.filter((text) => text.length < 200), fc.constantFrom("-1", "0", "1.5", "1e3", "0x10", " 1", "1 ", "Infinity", "NaN", "null", "[]", "1,2", "1;2"))
      // Empty, "." and ".." change the route itself (redirects, another route), they are not ids.
      .filter((text) => text !== "" && text !== "." && text !== "..")
      .map(percentEncode),
  },
  { weight: 1, arbitrary: fc.constantFrom("%", "%zz", "%E0%A4", "%C0%AF", "1%", "%G1", "%ED%A0%80") },
).map((raw) => {
  let decoded: string | null;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    decoded = null;
  }
  return { raw, decoded };
});

/** Row ids are positive integers of at most 15 digits (the server's own rule). */
export const isRowIdText = (text: string) => /^[1-9]\d{0,14}$/.test(text);

export interface AdminCase {
  request: HostileRequest;
  cookie: CookieKind;
  origin: OriginKind;
  id?: IdSegment;
}

export interface AdminEndpoint {
  name: string;
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** The path, given the id segment for `[id]` routes. */
  path: (id: string) => string;
  hasId: boolean;
  /** Cross-site requests are refused (403) before anything else. */
  mutates: boolean;
  /** Answers without a session (logout). */
  public?: boolean;
  /**
   * What it may answer once past the guards, when that depends on the body or query (the
   * lead desk's validation); otherwise 200, or 200 and 404 for an id.
   */
  answers?: readonly number[];
  /** Other methods the same route serves (tested as endpoints of their own): any guarded answer but a 5xx. */
  otherMethods?: readonly string[];
}

const queryStrings = fc.oneof(
  { weight: 4, arbitrary: fc.constant("") },
  { weight: 1, arbitrary: hostileText.filter((text) => text.length < 300).map((text) => `?q=${percentEncode(text)}`) },
  { weight: 1, arbitrary: fc.constantFrom("?id=1%27%20OR%201%3D1", "?__proto__[admin]=1", "?a=%zz", "?page=-1&limit=1e9", "?&&&==") },
  // The leads list's attribution filters (docs/attribution.md).
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom("channel", "campaign"), hostileText.filter((text) => text.length < 300)).map(([name, text]) => `?${name}=${percentEncode(text)}`) },
);

export function adminRequests(endpoint: AdminEndpoint): fc.Arbitrary<AdminCase> {
  return fc
    .record({
      method: methodFor(endpoint.method),
      cookie: cookieHeaders(Boolean(endpoint.public)),
      origin: originHeaders,
      id: idSegments,
      query: queryStrings,
      contentType,
      body: fc.option(hostileBody({ id: 1, viewed: true }, fc.constant({ id: 1 })), { freq: 3 }),
      headers: noiseHeaders,
    })
    .map(({ method, cookie, origin, id, query, contentType: type, body, headers }) => {
      const all: Record<string, string> = { ...headers, ...origin.headers };
      if (cookie.header !== undefined) all.cookie = cookie.header;
      if (type !== undefined && body) all["content-type"] = type;
      return {
        request: { method, path: `${endpoint.path(id.raw)}${query}`, headers: all, body: body ?? undefined },
        cookie: cookie.kind,
        origin: origin.origin,
        id: endpoint.hasId ? id : undefined,
      };
    });
}

/**
 * The answer a correct server gives: the order of the checks is the order of the
 * guards in the code (broken URL encoding, method, cross-site, session, id).
 */
export function expectedAdminStatuses(endpoint: AdminEndpoint, c: AdminCase): number[] {
  if (c.id && c.id.decoded === null) return [400];
  const method = c.request.method === "HEAD" && endpoint.method === "GET" ? "GET" : c.request.method;
  if (method === "OPTIONS") return [204];
  if (endpoint.otherMethods?.includes(c.request.method)) return [200, 201, 204, 400, 401, 403, 404, 409, 413, 415];
  if (method !== endpoint.method) return [405];
  if (endpoint.mutates && c.origin === "foreign") return [403];
  if (endpoint.public) return [200];
  if (!carriesLiveSession(c.cookie)) return [401];
  if (c.id && !isRowIdText(c.id.decoded ?? "")) return [400];
  if (endpoint.answers) return [...endpoint.answers];
  return c.id ? [200, 404] : [200];
}

/**
 * Fills in the live session and the site origin just before sending. On a request that
 * says it came over HTTPS the session cookies go by their `__Host-` name, as the browser
 * that got them over HTTPS would send them.
 */
export function resolveAdminRequest(request: HostileRequest, sessionToken: string, siteUrl: string): HostileRequest {
  const cookieName = sessionCookieNameFor(request.headers);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    let resolved = value.replace(SESSION_PLACEHOLDER, sessionToken).replace("{SITE}", siteUrl);
    if (name === "cookie" && cookieName !== SESSION_COOKIE) resolved = resolved.replace(new RegExp(`(^|;\\s*)${SESSION_COOKIE}=`, "g"), `$1${cookieName}=`);
    headers[name] = resolved;
  }
  return { ...request, headers };
}

/** Login bodies: mostly malformed, sometimes well formed, now and then the right credentials. */
export function loginRequests(credentials: { username: string; password: string }): fc.Arbitrary<{ request: HostileRequest; origin: OriginKind }> {
  const valid = fc.oneof(
    { weight: 1, arbitrary: fc.constant<Record<string, unknown>>(credentials) },
    { weight: 2, arbitrary: fc.record({ username: fc.oneof(fc.constant(credentials.username), unusualText(1, 200)), password: unusualText(1, 200) }) },
  );
  return fc
    .record({
      method: methodFor("POST"),
      contentType,
      body: fc.oneof({ weight: 3, arbitrary: hostileBody({ username: "admin", password: "x" }, fc.constant({})) }, { weight: 1, arbitrary: valid.map((object) => utf8(JSON.stringify(object))) }),
      chunked: fc.boolean(),
      headers: noiseHeaders,
      origin: originHeaders,
      cookie: fc.oneof(fc.constant(undefined), junkCookie, fc.constantFrom(`${SESSION_COOKIE}=%zz`, `${SESSION_COOKIE}=forged`)),
    })
    .map(({ method, contentType: type, body, chunked, headers, origin, cookie }) => {
      const all: Record<string, string> = { ...headers, ...origin.headers };
      if (type !== undefined) all["content-type"] = type;
      if (cookie !== undefined) all.cookie = cookie;
      return { request: { method, path: "/api/admin/login", body, chunked, headers: all }, origin: origin.origin };
    });
}
