import { Marked, type Tokens } from "marked";
import { slugify } from "@/lib/slugify";

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

function isExternal(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

/**
 * Renders our own Markdown to HTML on the server (at build time for static pages),
 * so no Markdown parser reaches the browser. Headings get ids for deep links,
 * external links open in a new tab without handing over `window.opener`, and
 * tables scroll inside their own box on narrow screens.
 */
export function renderMarkdown(markdown: string): string {
  const usedIds = new Map<string, number>();
  const marked = new Marked({ gfm: true });
  marked.use({
    renderer: {
      heading(this: { parser: { parseInline: (tokens: Tokens.Generic[]) => string } }, token: Tokens.Heading) {
        const base = slugify(token.text) || "section";
        const seen = usedIds.get(base) ?? 0;
        usedIds.set(base, seen + 1);
        const id = seen === 0 ? base : `${base}-${seen}`;
        return `<h${token.depth} id="${id}">${this.parser.parseInline(token.tokens)}</h${token.depth}>\n`;
      },
      link(this: { parser: { parseInline: (tokens: Tokens.Generic[]) => string } }, token: Tokens.Link) {
        const text = this.parser.parseInline(token.tokens);
        const title = token.title ? ` title="${escapeAttribute(token.title)}"` : "";
        const external = isExternal(token.href) ? ' target="_blank" rel="noopener noreferrer"' : "";
        return `<a href="${escapeAttribute(token.href)}"${title}${external}>${text}</a>`;
      },
      table(this: unknown, token: Tokens.Table) {
        return `<div class="table-scroll">${renderTable(marked, token)}</div>\n`;
      },
    },
  });
  return marked.parse(markdown, { async: false });
}

function renderTable(marked: Marked, token: Tokens.Table): string {
  const cell = (c: Tokens.TableCell, tag: "th" | "td") => {
    const align = c.align ? ` style="text-align:${c.align}"` : "";
    const scope = tag === "th" ? ' scope="col"' : "";
    return `<${tag}${scope}${align}>${marked.parseInline(c.text, { async: false })}</${tag}>`;
  };
  const head = `<thead><tr>${token.header.map((c) => cell(c, "th")).join("")}</tr></thead>`;
  const body = token.rows.length
    ? `<tbody>${token.rows.map((row) => `<tr>${row.map((c) => cell(c, "td")).join("")}</tr>`).join("")}</tbody>`
    : "";
  return `<table>${head}${body}</table>`;
}
