import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { adminApi } from "@/lib/admin-api";
import { adminPages } from "./admin-pages";
import { navigate } from "./admin-router";

/** §4: the auth check result is kept for 5 minutes and never retried. */
export const AUTH_CHECK_STALE_MS = 5 * 60 * 1000;

/**
 * Shows its children only once the server confirms the admin session. This is a
 * convenience for the screen; the API refuses every admin call without a session.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const check = useQuery({ queryKey: [adminApi.checkAuth], staleTime: AUTH_CHECK_STALE_MS, retry: false });

  useEffect(() => {
    if (check.isError) navigate(adminPages.login, { replace: true });
  }, [check.isError]);

  if (!check.isSuccess) {
    return (
      <p role="status" className="container-page py-16 text-center text-slate-700">
        Loading...
      </p>
    );
  }
  return children;
}
