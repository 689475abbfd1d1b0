import { useEffect, useState } from "react";
import { buttonVariants } from "@/components/ui/button-variants";
import { Card } from "@/components/ui/card";
import { adminApi, ApiError, apiRequest } from "@/lib/admin-api";
import { setupLinkMessages, type SetupLinkState } from "@/lib/admin-setup-link";
import { MALFORMED_SETUP_LINK, SETUP_TOKEN_PATTERN } from "@/lib/validation/admin-setup-schema";
import { routes } from "@/lib/routes";
import { SetupForm } from "./setup-form";

type Screen = { state: "checking" } | { state: "malformed" } | { state: "failed" } | { state: SetupLinkState; token: string };

const unusable = new Set<string>(Object.keys(setupLinkMessages));

/** The token of the link that opened this page: its fragment, which no server ever saw. */
function tokenFromAddress(): string {
  return window.location.hash.replace(/^#/, "");
}

/** Asks the server what the link can still do. */
async function checkLink(token: string): Promise<Screen> {
  if (!SETUP_TOKEN_PATTERN.test(token)) return { state: "malformed" };
  try {
    await apiRequest("POST", adminApi.setupCheck, { token });
    return { state: "valid", token };
  } catch (error) {
    const state = error instanceof ApiError ? error.json()?.state : undefined;
    return state && unusable.has(state) ? { state: state as SetupLinkState, token } : { state: "failed" };
  }
}

/**
 * /admin/setup#<token>: the first-run link printed in the server log. It checks the link,
 * then lets the owner choose the administrator password, once.
 */
export function SetupScreen() {
  const [screen, setScreen] = useState<Screen>({ state: "checking" });

  useEffect(() => {
    // Only the answer for the latest link counts: another one may be pasted into this tab.
    let latest = 0;
    let disposed = false;
    const check = () => {
      const run = ++latest;
      void checkLink(tokenFromAddress()).then((next) => {
        if (!disposed && run === latest) setScreen(next);
      });
    };
    const onHashChange = () => {
      setScreen({ state: "checking" });
      check();
    };
    check();
    window.addEventListener("hashchange", onHashChange);
    return () => {
      disposed = true;
      window.removeEventListener("hashchange", onHashChange);
    };
  }, []);

  return (
    <div className="flex min-h-dvh items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <SetupContent screen={screen} onUnusable={(state, token) => setScreen({ state, token })} />
      </Card>
    </div>
  );
}

function SetupContent({ screen, onUnusable }: { screen: Screen; onUnusable: (state: SetupLinkState, token: string) => void }) {
  switch (screen.state) {
    case "checking":
      return (
        <p role="status" className="text-center text-slate-700">
          Checking the setup link...
        </p>
      );
    case "valid":
      return (
        <>
          <h1 className="mb-1 text-2xl font-bold text-slate-900">Choose the admin password</h1>
          <p className="mb-6 text-sm text-slate-600">This link works once. The password you choose here is the one you sign in with.</p>
          <SetupForm key={screen.token} token={screen.token} onUnusable={(state) => onUnusable(state, screen.token)} />
        </>
      );
    case "malformed":
      return <LinkMessage title="This setup link is incomplete" description={MALFORMED_SETUP_LINK} />;
    case "failed":
      return <LinkMessage title="The setup link could not be checked" description="Please reload the page to try again." />;
    default:
      return <LinkMessage {...setupLinkMessages[screen.state]} />;
  }
}

function LinkMessage({ title, description }: { title: string; description: string }) {
  return (
    <div role="alert" className="text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-700">{description}</p>
      <a href={routes.adminLogin} className={`${buttonVariants()} mt-6`}>
        Go to sign in
      </a>
    </div>
  );
}
