import { ArrowRight, Clock } from "lucide-react";
import { LazyImage } from "@/components/ui/lazy-image";
import { Card } from "@/components/ui/card";
import { routes } from "@/lib/routes";
import type { PostSummary } from "@/content/types";

export function PostCard({ post, linkLabel = "Read Article", priority = false }: { post: PostSummary; linkLabel?: string; priority?: boolean }) {
  return (
    <Card className="group relative flex h-full flex-col overflow-hidden">
      <LazyImage
        src={post.image.src}
        alt={post.image.alt}
        width={800}
        height={450}
        sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
        priority={priority}
      />
      <div className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
          <span className="rounded-full bg-brand-50 px-2.5 py-1 font-semibold text-brand-800">{post.category}</span>
          <time dateTime={post.dateIso}>{post.date}</time>
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden="true" className="size-3.5" />
            {post.readTimeMinutes} min read
          </span>
        </div>
        <h3 className="mt-3 text-lg font-semibold text-slate-900">{post.title}</h3>
        <p className="mt-2 flex-1 text-sm leading-6 text-slate-600">{post.excerpt}</p>
        <a
          href={routes.post(post.slug)}
          className="mt-4 inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 after:absolute after:inset-0 hover:text-brand-900"
        >
          {linkLabel}
          <span className="sr-only">: {post.title}</span>
          <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
        </a>
      </div>
    </Card>
  );
}
