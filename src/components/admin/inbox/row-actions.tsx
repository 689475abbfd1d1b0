import { Eye, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";

/** View and delete for one inbox row; the names say which row, for screen readers. */
export function RowActions({ name, onView, onDelete, deleting }: { name: string; onView: () => void; onDelete: () => void; deleting: boolean }) {
  return (
    <div className="flex gap-2">
      <Button variant="outline" size="sm" aria-label={`View ${name}`} onClick={onView}>
        <Eye aria-hidden="true" />
        View
      </Button>
      {/* No variant (null), so these colours are the only ones: class order cannot decide the look. */}
      <Button
        variant={null}
        size="sm"
        aria-label={`Delete ${name}`}
        onClick={onDelete}
        disabled={deleting}
        className="text-destructive hover:bg-red-50 hover:text-red-800"
      >
        <Trash2 aria-hidden="true" />
        Delete
      </Button>
    </div>
  );
}
