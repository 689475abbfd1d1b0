/**
 * Fills every `[data-local-time]` with the visitor's own time for the ISO instant it names,
 * when the visitor's zone is not the business's: "(5:30 AM your time)". The slots come from
 * the server; the browser only formats them, with Intl.
 */
export function showLocalTimes(businessZone: string): void {
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!own || own === businessZone) return;
  const sameOffset = (instant: Date) =>
    new Intl.DateTimeFormat("en-US", { timeZone: own, hour: "numeric", minute: "2-digit" }).format(instant) ===
    new Intl.DateTimeFormat("en-US", { timeZone: businessZone, hour: "numeric", minute: "2-digit" }).format(instant);
  const format = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" });
  for (const element of document.querySelectorAll<HTMLElement>("[data-local-time]")) {
    const instant = new Date(element.dataset.localTime ?? "");
    if (Number.isNaN(instant.getTime()) || sameOffset(instant)) continue;
    element.textContent = `(${format.format(instant)} your time)`;
  }
}
