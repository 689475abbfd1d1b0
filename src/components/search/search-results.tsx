import { routes } from "@/lib/routes";
import { HighlightedText } from "./highlighted-text";

/** One hit, as the server's site search ranks it. */
export interface SearchResultItem {
  type: string;
  title: string;
  href: string;
  snippet: string;
}

const SUGGESTIONS = ["SD-WAN", "Starlink", "event WiFi", "VoIP", "security cameras", "failover"];

function Suggestions() {
  return (
    <div className="mt-8">
      <h2 className="text-lg font-semibold text-slate-900">Popular searches</h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {SUGGESTIONS.map((term) => (
          <li key={term}>
            <a
              href={routes.searchFor(term)}
              className="inline-flex min-h-11 items-center rounded-full border border-slate-300 px-4 text-sm text-slate-800 hover:border-brand-600 hover:text-brand-800"
            >
              {term}
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-slate-700">
        Or browse <a href={routes.services} className="font-semibold text-brand-700 underline underline-offset-4">all services</a>,{" "}
        <a href={routes.blog} className="font-semibold text-brand-700 underline underline-offset-4">the blog</a> or{" "}
        <a href={routes.contact()} className="font-semibold text-brand-700 underline underline-offset-4">ask us directly</a>.
      </p>
    </div>
  );
}

/** What /search shows under its form: suggestions, the empty state, or the ranked results. */
export function SearchResults({ query, results }: { query: string; results: readonly SearchResultItem[] }) {
  if (!query) return <Suggestions />;
  if (results.length === 0) {
    return (
      <div className="mt-10">
        <h2 className="text-xl font-semibold text-slate-900">No results for “{query}”</h2>
        <p className="mt-2 text-slate-700">Check the spelling or try a shorter, more general term.</p>
        <Suggestions />
      </div>
    );
  }
  return (
    <section aria-labelledby="results-title" className="mt-10">
      <h2 id="results-title" className="text-sm font-medium text-slate-600">
        {results.length === 1 ? "1 result" : `${results.length} results`}
      </h2>
      <ol className="mt-4 space-y-4">
        {results.map((result) => (
          <li key={result.href} className="rounded-xl border border-border bg-white p-5">
            <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{result.type}</p>
            <h3 className="mt-1 text-lg font-semibold">
              <a href={result.href} className="text-slate-900 hover:text-brand-700 hover:underline">
                <HighlightedText text={result.title} query={query} />
              </a>
            </h3>
            <p className="mt-2 text-sm leading-6 text-slate-700">
              <HighlightedText text={result.snippet} query={query} />
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
