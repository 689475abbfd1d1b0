import { Inbox } from "lucide-react";
import { Card } from "@/components/ui/card";

export function InboxEmptyState({ title, description }: { title: string; description: string }) {
  return (
    <Card className="p-10 text-center">
      <Inbox aria-hidden="true" className="mx-auto mb-4 size-10 text-slate-500" />
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-2 text-slate-700">{description}</p>
    </Card>
  );
}
