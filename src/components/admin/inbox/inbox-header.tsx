import { Download } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";

/** The inbox title and, once the list is loaded, its CSV export. */
export function InboxHeader({ title, csvHref }: { title: string; csvHref?: string }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      {csvHref && (
        // A plain link: the file comes from an API route, not a page.
        <a href={csvHref} download className={buttonVariants({ variant: "outline" })}>
          <Download aria-hidden="true" />
          Download CSV
        </a>
      )}
    </div>
  );
}
