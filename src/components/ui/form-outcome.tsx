import { CircleCheck, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";

/** What a posted form did, above it: a notice (role status) or an error (role alert), with an optional next step after the error. */
export function FormOutcome({ notice, error, errorAction }: { notice?: string; error?: string; errorAction?: ReactNode }) {
  return (
    <>
      {notice && (
        <div role="status" className="flex gap-3 rounded-lg border border-green-300 bg-green-50 p-4 text-green-900">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>{notice}</p>
        </div>
      )}
      {error && (
        <div role="alert" className="flex gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>
            {error}
            {errorAction && <> {errorAction}</>}
          </p>
        </div>
      )}
    </>
  );
}
