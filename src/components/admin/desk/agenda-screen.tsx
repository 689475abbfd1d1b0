import { useQuery } from "@tanstack/react-query";
import { Card } from "@/components/ui/card";
import { adminApi } from "@/lib/admin-api";
import type { AgendaView } from "@/lib/lead-desk";
import { followUpTypeLabels } from "@/lib/lead-desk-labels";
import { routes } from "@/lib/routes";
import { AuthRequired } from "../shared/auth-required";
import { LeadName } from "./lead-summary";
import { LeadStatusBadge } from "./lead-status-badge";

const dayHeading = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", weekday: "long", month: "long", day: "numeric" });
const timeOfDay = new Intl.DateTimeFormat(undefined, { timeStyle: "short" });

/** /admin/agenda: each of the next 14 days with its follow-ups, in time order; days without any say so in one line. */
export function AgendaScreen() {
  const agenda = useQuery<AgendaView>({ queryKey: [adminApi.agenda] });
  if (agenda.isError) return <AuthRequired />;
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Agenda</h1>
      {agenda.isPending ? (
        <p role="status" className="py-10 text-center text-slate-700">
          Loading the agenda...
        </p>
      ) : (
        <>
          {agenda.data.overdueCount > 0 && (
            <p className="text-sm font-semibold text-red-800" data-testid="agenda-overdue">
              {agenda.data.overdueCount} overdue {agenda.data.overdueCount === 1 ? "follow-up is" : "follow-ups are"} on{" "}
              <a href={routes.adminToday} className="underline underline-offset-4">
                Today
              </a>
              .
            </p>
          )}
          <ol className="grid gap-4" data-testid="agenda">
            {agenda.data.days.map((day, index) => (
              <li key={day.date} data-testid="agenda-day" data-date={day.date}>
                <h2 className="mb-2 text-base font-bold text-slate-900">
                  {index === 0 ? "Today, " : index === 1 ? "Tomorrow, " : ""}
                  {dayHeading.format(new Date(`${day.date}T12:00:00Z`))}
                </h2>
                {day.items.length === 0 ? (
                  <p className="text-sm text-slate-600">Nothing planned.</p>
                ) : (
                  <Card className="overflow-hidden">
                    <ul className="divide-y divide-border">
                      {day.items.map((item) => (
                        <li key={item.lead.id} className="flex items-start gap-3 p-4" data-testid="agenda-item">
                          <p className="w-20 shrink-0 text-sm font-semibold text-slate-900">
                            <time dateTime={item.dueAt}>{timeOfDay.format(new Date(item.dueAt))}</time>
                            <span className="block text-xs font-normal text-slate-700">{followUpTypeLabels[item.type]}</span>
                          </p>
                          <div className="grid min-w-0 gap-1">
                            <LeadName lead={item.lead} />
                            <LeadStatusBadge status={item.lead.status} />
                          </div>
                        </li>
                      ))}
                    </ul>
                  </Card>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
