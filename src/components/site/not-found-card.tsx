import { TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

/** The not-found card of §2, reused by the route-specific not-found texts of §8. */
export function NotFoundCard({ title, message, children }: { title: string; message: string; children?: ReactNode }) {
  return (
    <div className="container-page flex min-h-[60vh] items-center justify-center py-16">
      <Card className="w-full max-w-md p-6">
        <div className="flex items-center gap-3">
          <TriangleAlert aria-hidden="true" className="size-8 shrink-0 text-red-600" />
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        </div>
        <p className="mt-4 text-sm text-slate-600">{message}</p>
        {children && <div className="mt-6 flex flex-wrap gap-3">{children}</div>}
      </Card>
    </div>
  );
}
