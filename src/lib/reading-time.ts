/** The one reading rate the site uses for every "N min read". */
export const WORDS_PER_MINUTE = 200;

/** Counts the words a reader reads: Markdown syntax, URLs and table rules are not words. */
export function countWords(markdown: string): number {
  const text = markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, " $1 ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, " $1 ")
    .replace(/<[^>]+>/g, " ")
    .replace(/^\s*\|?\s*:?-{2,}.*$/gm, " ")
    .replace(/[#>*_`|~]/g, " ")
    .replace(/^\s*(?:[-+]|\d+\.)\s+/gm, " ");
  const words = text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token));
  return words.length;
}

export function readingTimeMinutes(markdown: string): number {
  return Math.max(1, Math.round(countWords(markdown) / WORDS_PER_MINUTE));
}
