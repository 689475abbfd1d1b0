import { ShieldAlert, WifiOff } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";
import { Card } from "@/components/ui/card";
import { routes } from "@/lib/routes";
import { useOnline } from "../pwa/use-online";

/**
 * §8: what an inbox shows when its list cannot be loaded (401 or any other failure). A phone
 * without a connection (the desk opened from the worker's cache) is told that instead of
 * being sent to a sign-in it cannot reach.
 */
export function AuthRequired() {
  const online = useOnline();
  if (!online) {
    return (
      <Card className="mx-auto max-w-lg p-8 text-center" role="status">
        <WifiOff aria-hidden="true" className="mx-auto mb-4 size-10 text-brand-700" />
        <h1 className="text-2xl font-bold text-slate-900">You are offline</h1>
        <p className="mt-2 text-slate-700">This screen loads when the connection returns. Calls and notes logged meanwhile are kept on this phone and sent then.</p>
      </Card>
    );
  }
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
