import { Copy, Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { buttonVariants } from "@/components/ui/button-variants";
import { toast } from "@/lib/toast-store";

/** The recovery codes, shown once right after two-step verification is turned on. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const host = typeof window === "undefined" ? "" : window.location.host;
  const text = [`Recovery codes for the back office at ${host}.`, "Each code signs in once, in place of a code from your app.", "", ...codes, ""].join("\n");

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: "Copied", description: "The recovery codes are on your clipboard." });
    } catch {
      toast({ title: "Could not copy", description: "Select the codes and copy them, or download them.", variant: "destructive" });
    }
  };

  return (
    <div className="grid gap-4">
      <p className="text-slate-700">
        <strong className="font-semibold text-slate-900">Save these recovery codes</strong> somewhere safe, apart from your phone. If you lose
        the phone, each code signs you in once instead of a code from the app. They are shown only now.
      </p>
      <ol aria-label="Recovery codes" className="grid max-w-sm grid-cols-2 gap-2 rounded-md bg-muted p-4 font-mono text-slate-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <Button variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          Copy codes
        </Button>
        <a href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="recovery-codes.txt" className={buttonVariants({ variant: "outline" })}>
          <Download aria-hidden="true" />
          Download codes
        </a>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}
