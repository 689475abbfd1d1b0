import type { ReactNode } from "react";

/** The banner at the top of inner pages: one h1 and an introduction. */
export function PageHero({ eyebrow, title, intro, children }: { eyebrow?: string; title: string; intro?: ReactNode; children?: ReactNode }) {
  return (
    <section className="bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 text-white">
      <div className="container-page py-14 sm:py-20">
        {eyebrow && <p className="text-sm font-semibold tracking-wide text-accent-400 uppercase">{eyebrow}</p>}
        <h1 className="mt-2 max-w-4xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
        {intro && <div className="mt-5 max-w-3xl text-lg leading-8 text-brand-100">{intro}</div>}
        {children && <div className="mt-8 flex flex-wrap gap-3">{children}</div>}
      </div>
    </section>
  );
}
