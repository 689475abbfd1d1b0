import { Search, SearchX } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import type { PostSummary } from "@/content/types";
import { cn } from "@/lib/cn";
import { distinctCategories, filterPosts } from "@/lib/filter-posts";
import { Button } from "@/components/ui/button";

/** What the filter reads of each article: the cards themselves are server HTML. */
export type FilterablePost = Pick<PostSummary, "slug" | "title" | "excerpt" | "category">;

/** The attribute PostList puts on each card's list item, naming its article. */
export const POST_ITEM_ATTRIBUTE = "data-post";

/**
 * §4 blog list: search text and category combine; Reset Filters clears both.
 *
 * The island holds only the controls and the empty state; the cards stay static HTML in
 * the list named by `listId` (PostList), which this shows and hides. So the full list
 * works without scripts, and no card or image waits for hydration.
 */
export function BlogFilter({ posts, listId }: { posts: readonly FilterablePost[]; listId: string }) {
  const [search, setSearch] = useState("");
  const [category, setCategory] = useState<string | null>(null);
  const searchId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const categories = useMemo(() => distinctCategories(posts), [posts]);
  const visible = filterPosts(posts, { search, category });
  const visibleSlugs = visible.map((post) => post.slug).join(" ");

  // The island hydrates on the first key or focus, so the field may already hold text
  // typed while it loaded; React keeps that text on screen but not in state.
  useEffect(() => {
    const typed = searchRef.current?.value ?? "";
    if (typed) setSearch(typed);
  }, []);

  useEffect(() => {
    const list = document.getElementById(listId);
    if (!list) return;
    const shown = new Set(visibleSlugs.split(" ").filter(Boolean));
    for (const item of list.querySelectorAll<HTMLElement>(`[${POST_ITEM_ATTRIBUTE}]`)) {
      item.hidden = !shown.has(item.getAttribute(POST_ITEM_ATTRIBUTE) ?? "");
    }
    list.hidden = shown.size === 0;
  }, [listId, visibleSlugs]);

  const reset = () => {
    setSearch("");
    setCategory(null);
  };

  return (
    <>
      {/* The controls need scripts; without them every article is simply listed. */}
      <div className="flex flex-col gap-4 rounded-xl border border-border bg-white p-4 shadow-sm no-js:hidden">
        <div className="relative">
          <label htmlFor={searchId} className="sr-only">
            Search articles
          </label>
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500" />
          <input
            ref={searchRef}
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search articles..."
            className="min-h-11 w-full rounded-md border border-slate-300 bg-white py-2 pr-3 pl-10 text-base placeholder:text-slate-500 focus:border-brand-600"
          />
        </div>
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Filter by category">
          {[null, ...categories].map((value) => {
            const selected = category === value;
            return (
              <button
                key={value ?? "all"}
                type="button"
                aria-pressed={selected}
                onClick={() => setCategory(value)}
                className={cn(
                  "min-h-11 rounded-full border px-4 text-sm font-medium transition-colors sm:min-h-9",
                  selected ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-700 hover:border-brand-600 hover:text-brand-800",
                )}
              >
                {value ?? "All"}
              </button>
            );
          })}
          <Button variant="ghost" size="sm" onClick={reset} className="ml-auto">
            Reset Filters
          </Button>
        </div>
      </div>
      <p className="sr-only" aria-live="polite">
        {visible.length === 1 ? "1 article shown" : `${visible.length} articles shown`}
      </p>
      {visible.length === 0 && (
        <div className="mt-8 flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-6 py-16 text-center">
          <SearchX aria-hidden="true" className="size-10 text-slate-400" />
          <h2 className="mt-4 text-lg font-semibold text-slate-900">No matching articles found</h2>
          <p className="mt-1 text-slate-600">Try adjusting your search or filter criteria</p>
          <Button variant="outline" className="mt-6" onClick={reset}>
            Reset Filters
          </Button>
        </div>
      )}
    </>
  );
}
