import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { LogOut, Monitor } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { ActiveSession } from "@/lib/admin-account";
import { adminApi, ApiError, apiRequest } from "@/lib/admin-api";
import { toast } from "@/lib/toast-store";
import { AuthRequired } from "../shared/auth-required";
import { SubmittedAt } from "../shared/submitted-at";

export const SESSION_ENDED = { title: "Session ended", description: "That browser has been signed out." };
const SESSION_ALREADY_GONE = { title: "Session already ended", description: "That browser was no longer signed in." };
const END_FAILED = { title: "Error", description: "The session could not be ended. Please try again." };
export const SIGNED_OUT_EVERYWHERE = {
  title: "Signed out everywhere else",
  description: "Every other browser has been signed out, and must sign in again as a new browser.",
};
const SIGN_OUT_EVERYWHERE_FAILED = { title: "Error", description: "The other browsers could not be signed out. Please try again." };

const describe = (session: ActiveSession) => `${session.browser} on ${session.os}`;

/** The browsers signed in to the back office, this one first, each other one with "End session". */
export function ActiveSessions() {
  const queryClient = useQueryClient();
  // Fetched afresh each time the page opens: sessions come and go from other browsers.
  const sessions = useQuery<ActiveSession[]>({ queryKey: [adminApi.accountSessions], staleTime: 0 });

  const end = useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", adminApi.accountSession(id)),
    onSuccess: () => toast(SESSION_ENDED),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 404) toast(SESSION_ALREADY_GONE);
      else toast({ ...END_FAILED, variant: "destructive" });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [adminApi.accountSessions] }),
  });
  // Ends every other session and retires every device cookie; this browser stays signed in.
  const signOutEverywhere = useMutation({
    mutationFn: () => apiRequest("DELETE", adminApi.accountSessions),
    onSuccess: () => toast(SIGNED_OUT_EVERYWHERE),
    onError: () => toast({ ...SIGN_OUT_EVERYWHERE_FAILED, variant: "destructive" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [adminApi.accountSessions] }),
  });

  if (sessions.isError) return <AuthRequired />;
  if (sessions.isPending) {
    return (
      <p role="status" className="text-slate-700">
        Loading sessions...
      </p>
    );
  }
  return (
    <div className="grid gap-4">
      <ul className="grid gap-3" aria-label="Active sessions">
        {sessions.data.map((session) => (
          <li key={session.id} data-testid="session-row" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-4">
            <div className="flex min-w-0 items-start gap-3">
              <Monitor aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">
                  {describe(session)}
                  {session.current && (
                    <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 align-middle text-xs font-bold text-brand-900">This browser</span>
                  )}
                </p>
                <dl className="mt-1 grid gap-x-4 gap-y-0.5 text-sm text-slate-600 sm:grid-cols-[auto_1fr]">
                  <dt>Last active</dt>
                  <dd className="text-slate-800">
                    <SubmittedAt iso={session.lastSeenAt} />
                  </dd>
                  <dt>Signed in</dt>
                  <dd className="text-slate-800">
                    <SubmittedAt iso={session.createdAt} />
                  </dd>
                  <dt>Address</dt>
                  <dd className="break-all text-slate-800">{session.address ?? "Unknown"}</dd>
                </dl>
              </div>
            </div>
            {!session.current && (
              <Button
                variant="outline"
                size="sm"
                disabled={end.isPending && end.variables === session.id}
                aria-label={`End session: ${describe(session)}, address ${session.address ?? "unknown"}`}
                onClick={() => end.mutate(session.id)}
              >
                <LogOut aria-hidden="true" />
                End session
              </Button>
            )}
          </li>
        ))}
      </ul>
      <div className="grid justify-items-start gap-2">
        <Button variant="outline" disabled={signOutEverywhere.isPending} onClick={() => signOutEverywhere.mutate()}>
          <LogOut aria-hidden="true" />
          {signOutEverywhere.isPending ? "Signing out..." : "Sign out everywhere else"}
        </Button>
        <p className="text-sm text-slate-600">Ends every other session. Every browser but this one must sign in again as a new browser.</p>
      </div>
    </div>
  );
}
