import type { APIRoute, GetStaticPaths } from "astro";
import { hasArticle, listPosts, type Post } from "@/content/blog-posts";
import { socialImageResponse } from "@/server/og/social-image";

/** One share image per article (routes.postImage), drawn at build time. */
export const getStaticPaths = (async () =>
  (await listPosts()).filter(hasArticle).map((post) => ({ params: { slug: post.slug }, props: { post } }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ post: Post }> = ({ props }) => socialImageResponse({ eyebrow: props.post.category, title: props.post.title });
