import { AuthRequired } from "../shared/auth-required";
import { InboxEmptyState } from "./inbox-empty-state";
import { InboxHeader } from "./inbox-header";
import type { InboxKind } from "./inbox-kinds";
import { MoreRows, useRowsInSteps } from "./rows-in-steps";
import { type LeadItem, useLeadInbox } from "./use-lead-inbox";

/** An inbox screen (/admin/surveys, /admin/contacts): loading, authentication required, empty, or the table with its dialog. */
export function LeadInbox<Row extends LeadItem>({ of: inboxKind }: { of: InboxKind<Row> }) {
  const inbox = useLeadInbox<Row>(inboxKind);
  const { data, isPending, isError } = inbox.list;
  const rows = useRowsInSteps(data ?? []);
  const { Table, Dialog } = inboxKind;

  if (isError) return <AuthRequired />;
  return (
    <>
      <InboxHeader title={inboxKind.title} csvHref={data?.length ? inboxKind.csvPath : undefined} />
      {isPending ? (
        <p role="status" className="py-10 text-center text-slate-700">
          {inboxKind.loading}
        </p>
      ) : data.length === 0 ? (
        <InboxEmptyState title={inboxKind.empty.title} description={inboxKind.empty.description} />
      ) : (
        <>
          <Table rows={rows.shown} onView={inbox.open} onDelete={inbox.requestDelete} isDeleting={inbox.isDeleting} />
          <MoreRows remaining={rows.remaining} more={rows.more} sentinel={rows.sentinel} />
          <Dialog row={inbox.selected} deleting={inbox.selected ? inbox.isDeleting(inbox.selected) : false} onClose={inbox.close} onDelete={inbox.requestDelete} />
        </>
      )}
    </>
  );
}
