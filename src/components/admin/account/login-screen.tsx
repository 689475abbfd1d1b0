import { Card } from "@/components/ui/card";
import { routes } from "@/lib/routes";
import { LoginForm } from "./login-form";

/** §2 /admin/login. */
export function LoginScreen() {
  return (
    <div className="flex min-h-dvh items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <h1 className="mb-1 text-2xl font-bold text-slate-900">Admin Login</h1>
        <p className="mb-6 text-sm text-slate-600">Sign in to review survey submissions and contact requests.</p>
        <LoginForm />
        <p className="mt-6 text-center text-sm">
          <a href={routes.home} className="inline-flex min-h-11 items-center text-brand-700 underline-offset-4 hover:underline">
            ← Back to the website
          </a>
        </p>
      </Card>
    </div>
  );
}
