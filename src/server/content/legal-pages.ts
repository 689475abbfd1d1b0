import { readFileSync } from "node:fs";
import path from "node:path";
import { site } from "@/content/site";
import { renderMarkdown } from "./render-markdown";

export type LegalPage = "privacy" | "terms";

const tokens: Record<string, string> = {
  name: site.name,
  email: site.email,
  phone: site.phone.display,
  address: site.address.display,
  siteUrl: site.url,
};

/** Legal text lives in Markdown; business facts are filled in from the site config. */
export function renderLegalPage(page: LegalPage): string {
  const markdown = readFileSync(path.join(process.cwd(), "src", "content", "pages", `${page}.md`), "utf8");
  const filled = markdown.replace(/\{\{(\w+)\}\}/g, (match, key: string) => {
    const value = tokens[key];
    if (value === undefined) throw new Error(`Unknown token ${match} in ${page}.md`);
    return value;
  });
  return renderMarkdown(filled);
}
