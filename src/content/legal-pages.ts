import { getEntry } from "astro:content";
import { site } from "@/content/site";
import { renderMarkdown } from "@/server/content/render-markdown";

export type LegalPageId = "privacy" | "terms";

export interface LegalPage {
  title: string;
  description: string;
  html: string;
}

const tokens: Record<string, string> = {
  name: site.name,
  email: site.email,
  phone: site.phone.display,
  address: site.address.display,
  siteUrl: site.url,
};

/** Legal text lives in Markdown (the `pages` collection); business facts are filled in from the site config. */
export async function getLegalPage(id: LegalPageId): Promise<LegalPage> {
  const entry = await getEntry("pages", id);
  if (!entry) throw new Error(`src/content/pages/${id}.md is missing`);
  const filled = (entry.body ?? "").replace(/\{\{(\w+)\}\}/g, (match, key: string) => {
    const value = tokens[key];
    if (value === undefined) throw new Error(`Unknown token ${match} in ${id}.md`);
    return value;
  });
  return { title: entry.data.title, description: entry.data.description, html: renderMarkdown(filled) };
}
