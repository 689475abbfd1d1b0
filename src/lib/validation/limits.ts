/**
 * Upper bounds the spec leaves open (§5 "not shown"). Generous for real people,
 * small enough that one request cannot fill the database or an inbox.
 */
export const LIMITS = {
  nameMax: 100,
  emailMax: 254,
  phoneMax: 30,
  messageMax: 5000,
  businessNameMax: 200,
  addressMax: 300,
  primaryInternetUseMax: 500,
  commentsMax: 5000,
  employeeCountMax: 100_000,
  deviceCountMax: 1_000_000,
  phoneCountMax: 100_000,
  usernameMax: 200,
  passwordMax: 1024,
  /** A password the owner chooses (back office, setup link, ADMIN_PASSWORD): at least this long… */
  newPasswordMin: 12,
  /** …and at most this long (scrypt hashes any length; this bounds the work and the typing). */
  newPasswordMax: 200,
  honeypotMax: 500,
  /** Request bodies over this are refused with 413. */
  bodyBytesMax: 64 * 1024,
} as const;

/** NUL cannot be stored in PostgreSQL text and has no place in a form; refuse it up front. */
// eslint-disable-next-line no-control-regex -- matching the control character is the point
export const NO_NUL = /^[^\u0000]*$/;
export const INVALID_CHARACTER = "Contains a character that is not allowed.";

/**
 * Bidi overrides and isolates (U+202A–U+202E, U+2066–U+2069) and the line and paragraph
 * separators (U+2028, U+2029): in a name or a campaign they could reorder or break what the
 * owner's screens show. Removed from names, business names and utm values as they are stored.
 */
export const SPOOFING_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

export const withoutSpoofingControls = (value: string) => value.replace(SPOOFING_CONTROLS, "");
