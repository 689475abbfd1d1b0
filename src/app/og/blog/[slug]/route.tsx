import { jsonError } from "@/server/http/json-responses";
import { getPost, listPosts } from "@/server/content/posts";
import { renderSocialImage } from "@/server/og/social-image";

// Drawn once at build time for every article; a stable URL per article.
export const dynamic = "force-static";
export const dynamicParams = false;

export function generateStaticParams() {
  return listPosts().map((post) => ({ slug: post.slug }));
}

export async function GET(_request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const post = getPost((await params).slug);
  if (!post) return jsonError(404, "Not found.");
  return renderSocialImage({ eyebrow: post.category, title: post.title });
}
