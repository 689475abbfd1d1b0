/** Date and time in the administrator's own locale and time zone (client-only lists). */
export function SubmittedAt({ iso }: { iso: string }) {
  return <time dateTime={iso}>{new Date(iso).toLocaleString()}</time>;
}
