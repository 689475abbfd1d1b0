/**
 * A quote's private link token has the shape of a booking's manage token (32 random bytes,
 * base64url, only its sha-256 stored): the same generator and checks serve both.
 */
export { hashManageToken as hashQuoteToken, isManageTokenShape as isQuoteTokenShape, newManageToken as newQuoteToken } from "@/server/bookings/manage-token";
