import type { ReactNode } from "react";

/** The full-width banner that closes inner pages ("Need a Custom Solution?" and its kin). */
export function CtaBanner({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="container-page py-16">
      <div className="rounded-2xl bg-brand-800 px-6 py-10 text-center text-white sm:px-12">
        <h2 className="text-2xl font-bold sm:text-3xl">{title}</h2>
        <p className="mx-auto mt-3 max-w-2xl text-brand-100">{text}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div>
      </div>
    </section>
  );
}
