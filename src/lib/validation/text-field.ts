import * as z from "zod/mini";
import { INVALID_CHARACTER, NO_NUL, withoutSpoofingControls } from "./limits";

type Check = Parameters<ReturnType<typeof z.string>["check"]>[number];

/**
 * A trimmed text field: `typeError` when the value is not a string, NUL refused,
 * then the field's own checks (lengths) on the trimmed text.
 */
/** A name or a business name: a text field with the characters that could spoof the owner's screens removed (`SPOOFING_CONTROLS`). */
export function nameField(typeError: string, ...checks: Check[]) {
  return textField(typeError, z.overwrite(withoutSpoofingControls), z.trim(), ...checks);
}

export function textField(typeError: string, ...checks: Check[]) {
  return z.string({ error: typeError }).check(z.regex(NO_NUL, INVALID_CHARACTER), z.trim(), ...checks);
}

/** A trimmed e-mail address of at most `max` characters, with one message for every failure. */
export function emailField(message: string, max: number) {
  return z.pipe(textField(message, z.maxLength(max, message)), z.email(message));
}
