import { Search } from "lucide-react";
import { routes } from "@/lib/routes";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/form-field";

/** A plain GET form: searching works without scripts. */
export function SearchForm({ query }: { query: string }) {
  return (
    <form action={routes.search} method="get" role="search" className="flex gap-2">
      <label htmlFor="site-search" className="sr-only">
        Search the site
      </label>
      <input id="site-search" name="q" type="search" defaultValue={query} placeholder="Search services, articles, projects..." maxLength={100} className={inputClass} />
      <Button type="submit" size="lg" className="shrink-0">
        <Search aria-hidden="true" />
        Search
      </Button>
    </form>
  );
}
