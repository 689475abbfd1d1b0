import { caseStudies } from "@/content/case-studies";
import { voipFaq, voipFeatures, voipHero } from "@/content/greenville-voip";
import { industries } from "@/content/industries";
import { services } from "@/content/services";
import { routes } from "@/lib/routes";

export type SearchResultType = "Service" | "Industry" | "Case study" | "Article" | "Page";

interface SearchDocument {
  type: SearchResultType;
  title: string;
  description: string;
  body: string;
  href: string;
}

export interface SearchResult {
  type: SearchResultType;
  title: string;
  href: string;
  /** Plain text around the first match; the page highlights the query inside it. */
  snippet: string;
}

export const SEARCH_QUERY_MAX = 100;
const SNIPPET_RADIUS = 90;

/** Markdown to the words a reader sees, for matching and snippets. */
function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s*\|?\s*:?-{2,}.*$/gm, " ")
    .replace(/[#>*_`|]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** What search reads of an article; the caller passes the articles in (src/content/blog-posts.ts). */
export interface SearchableArticle {
  slug: string;
  title: string;
  excerpt: string;
  markdown: string;
}

// Built once per list of articles: the list is the same object for as long as the content is.
const documentsByArticles = new WeakMap<readonly SearchableArticle[], SearchDocument[]>();

function searchDocuments(articles: readonly SearchableArticle[]): SearchDocument[] {
  const cached = documentsByArticles.get(articles);
  if (cached) return cached;
  const documents: SearchDocument[] = [
    ...services.map((service) => ({
      type: "Service" as const,
      title: service.title,
      description: service.description,
      body: [...service.features, ...(service.extraFeatures ?? []), ...(service.details ?? [])].join(" "),
      href: routes.service(service.slug),
    })),
    ...industries.map((industry) => ({
      type: "Industry" as const,
      title: industry.name,
      description: industry.description,
      body: [industry.fullDescription ?? "", ...industry.solutions].join(" "),
      href: routes.industry(industry.slug),
    })),
    ...caseStudies.map((study) => ({
      type: "Case study" as const,
      title: study.title,
      description: study.description,
      body: `${study.category}. Client: ${study.client}. Location: ${study.location}.`,
      href: `${routes.caseStudies}#${study.slug}`,
    })),
    ...articles.map((post) => ({
      type: "Article" as const,
      title: post.title,
      description: post.excerpt,
      body: plainText(post.markdown),
      href: routes.post(post.slug),
    })),
    {
      type: "Page" as const,
      title: "Greenville VoIP Phone Systems",
      description: voipHero.intro,
      body: [...voipFeatures.map((f) => `${f.title}. ${f.description}`), ...voipFaq.map((f) => `${f.question} ${f.answer}`)].join(" "),
      href: routes.greenvilleVoip,
    },
  ];
  documentsByArticles.set(articles, documents);
  return documents;
}

export function normalizeQuery(raw: string | string[] | undefined): string {
  const value = Array.isArray(raw) ? (raw[0] ?? "") : (raw ?? "");
  return value.replace(/\s+/g, " ").trim().slice(0, SEARCH_QUERY_MAX);
}

function snippetAround(text: string, index: number, length: number): string {
  const start = Math.max(0, index - SNIPPET_RADIUS);
  const end = Math.min(text.length, index + length + SNIPPET_RADIUS);
  const cutStart = start > 0 ? text.indexOf(" ", start) + 1 || start : 0;
  const cutEnd = end < text.length ? text.lastIndexOf(" ", end) || end : text.length;
  return `${cutStart > 0 ? "…" : ""}${text.slice(cutStart, cutEnd).trim()}${cutEnd < text.length ? "…" : ""}`;
}

/**
 * Case-insensitive search over titles, descriptions and body text. Title matches
 * rank first, then description, then body; ties keep the content order.
 */
export function searchSite(query: string, articles: readonly SearchableArticle[]): SearchResult[] {
  const needle = query.toLowerCase();
  if (!needle) return [];
  const scored: { score: number; order: number; result: SearchResult }[] = [];
  searchDocuments(articles).forEach((doc, order) => {
    const inTitle = doc.title.toLowerCase().indexOf(needle);
    const inDescription = doc.description.toLowerCase().indexOf(needle);
    const inBody = doc.body.toLowerCase().indexOf(needle);
    if (inTitle < 0 && inDescription < 0 && inBody < 0) return;
    const score = (inTitle >= 0 ? 4 : 0) + (inDescription >= 0 ? 2 : 0) + (inBody >= 0 ? 1 : 0);
    const snippet =
      inDescription >= 0 || inBody < 0 ? snippetAround(doc.description, Math.max(0, inDescription), needle.length) : snippetAround(doc.body, inBody, needle.length);
    scored.push({ score, order, result: { type: doc.type, title: doc.title, href: doc.href, snippet } });
  });
  return scored.sort((a, b) => b.score - a.score || a.order - b.order).map((entry) => entry.result);
}
