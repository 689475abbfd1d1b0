import { routes } from "@/lib/routes";

/** Wordmark with a ridge-line glyph: drawn inline so it costs no request. */
export function BrandLogo({ inverted = false }: { inverted?: boolean }) {
  return (
    <a href={routes.home} className="inline-flex min-h-11 items-center gap-2 rounded-md">
      <svg viewBox="0 0 32 32" aria-hidden="true" className="size-8 shrink-0">
        <rect width="32" height="32" rx="7" className={inverted ? "fill-white" : "fill-brand-700"} />
        <path
          d="M4 23 L11 13 L15 18 L20 10 L28 23"
          fill="none"
          strokeWidth="2.5"
          strokeLinejoin="round"
          strokeLinecap="round"
          className={inverted ? "stroke-brand-800" : "stroke-white"}
        />
        <path d="M6 26 H26" strokeWidth="2" strokeLinecap="round" className="stroke-accent-400" />
      </svg>
      <span className={`text-base leading-tight font-bold tracking-tight ${inverted ? "text-white" : "text-brand-950"}`}>
        Saluda Ridge{" "}
        <span className={`block text-xs font-medium tracking-wide ${inverted ? "text-brand-100" : "text-slate-600"}`}>
          Technologies
        </span>
      </span>
    </a>
  );
}
