import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseFrontmatter } from "astro/markdown";

/** The article files of the `posts` collection, read as Astro reads them (same front matter parser). */
export const POSTS_DIR = path.join(process.cwd(), "src", "content", "posts");

export interface PostFile {
  slug: string;
  title: string;
  category: string;
  /** The Markdown after the front matter. */
  body: string;
}

export function readPostFile(slug: string): PostFile {
  const { frontmatter, content } = parseFrontmatter(readFileSync(path.join(POSTS_DIR, `${slug}.md`), "utf8"));
  return { slug: String(frontmatter.slug), title: String(frontmatter.title), category: String(frontmatter.category), body: content };
}

export function readPostFiles(): PostFile[] {
  return readdirSync(POSTS_DIR)
    .filter((file) => file.endsWith(".md"))
    .map((file) => readPostFile(file.slice(0, -".md".length)));
}
