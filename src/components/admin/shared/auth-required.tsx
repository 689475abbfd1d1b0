import { ShieldAlert } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";
import { Card } from "@/components/ui/card";
import { routes } from "@/lib/routes";

/** §8: what an inbox shows when its list cannot be loaded (401 or any other failure). */
export function AuthRequired() {
  return (
    <Card className="mx-auto max-w-lg p-8 text-center">
      <ShieldAlert aria-hidden="true" className="mx-auto mb-4 size-10 text-brand-700" />
      <h1 className="text-2xl font-bold text-slate-900">Authentication Required</h1>
      <p className="mt-2 text-slate-700">You need to be logged in as an administrator to view this page.</p>
      <a href={routes.adminLogin} className={`${buttonVariants()} mt-6`}>
        Log In
      </a>
    </Card>
  );
}
