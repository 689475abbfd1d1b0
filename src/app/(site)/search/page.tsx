import { HighlightedText } from "@/components/search/highlighted-text";
import { SearchForm } from "@/components/search/search-form";
import { PageHero } from "@/components/ui/page-hero";
import { routes } from "@/lib/routes";
import { buildMetadata } from "@/lib/seo";
import { normalizeQuery, searchSite } from "@/server/content/site-search";

export const metadata = buildMetadata({
  title: "Search",
  description: "Search services, industries, case studies and articles.",
  path: routes.search,
  noIndex: true,
});

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

export default async function SearchPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = normalizeQuery((await searchParams).q);
  const results = searchSite(query);
  return (
    <>
      <PageHero title={query ? `Search results for “${query}”` : "Search"} />
      <div className="container-page max-w-4xl py-12">
        <SearchForm query={query} />
        {!query && <Suggestions />}
        {query && results.length === 0 && (
          <div className="mt-10">
            <h2 className="text-xl font-semibold text-slate-900">No results for “{query}”</h2>
            <p className="mt-2 text-slate-700">Check the spelling or try a shorter, more general term.</p>
            <Suggestions />
          </div>
        )}
        {results.length > 0 && (
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
        )}
      </div>
    </>
  );
}
