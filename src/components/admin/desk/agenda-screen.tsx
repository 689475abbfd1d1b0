import { useQuery } from "@tanstack/react-query";
import { Card } from "@/components/ui/card";
import { adminApi } from "@/lib/admin-api";
import type { AgendaConsultation, AgendaItem, AgendaView } from "@/lib/lead-desk";
import { followUpTypeLabels } from "@/lib/lead-desk-labels";
import { routes } from "@/lib/routes";
import { bookingStatusLabels } from "../bookings/booking-status-labels";
import { AuthRequired } from "../shared/auth-required";
import { LeadName } from "./lead-summary";
import { LeadStatusBadge } from "./lead-status-badge";

const dayHeading = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", weekday: "long", month: "long", day: "numeric" });
const timeOfDay = new Intl.DateTimeFormat(undefined, { timeStyle: "short" });

type Entry = { at: string; key: string; testId: string; kind: string; lead: AgendaItem["lead"] };

/** A day's follow-ups and consultations as one list in time order (a consultation first at the same minute). */
function entriesOf(day: { items: AgendaItem[]; consultations: AgendaConsultation[] }): Entry[] {
  const consultations = day.consultations.map(({ lead, booking }) => ({
    at: booking.start,
    key: `booking-${booking.id}`,
    testId: "agenda-consultation",
    kind: booking.status === "booked" ? "Consultation" : `Consultation (${bookingStatusLabels[booking.status]})`,
    lead,
  }));
  const followUps = day.items.map((item) => ({ at: item.dueAt, key: `lead-${item.lead.id}`, testId: "agenda-item", kind: followUpTypeLabels[item.type], lead: item.lead }));
  return [...consultations, ...followUps].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** /admin/agenda: each of the next 14 days with its follow-ups and consultations, in time order; days without any say so in one line. */
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
            {agenda.data.days.map((day, index) => ({ day, index, entries: entriesOf(day) })).map(({ day, index, entries }) => (
              <li key={day.date} data-testid="agenda-day" data-date={day.date}>
                <h2 className="mb-2 text-base font-bold text-slate-900">
                  {index === 0 ? "Today, " : index === 1 ? "Tomorrow, " : ""}
                  {dayHeading.format(new Date(`${day.date}T12:00:00Z`))}
                </h2>
                {entries.length === 0 ? (
                  <p className="text-sm text-slate-600">Nothing planned.</p>
                ) : (
                  <Card className="overflow-hidden">
                    <ul className="divide-y divide-border">
                      {entries.map((entry) => (
                        <li key={entry.key} className="flex items-start gap-3 p-4" data-testid={entry.testId}>
                          <p className="w-20 shrink-0 text-sm font-semibold text-slate-900">
                            <time dateTime={entry.at}>{timeOfDay.format(new Date(entry.at))}</time>
                            <span className="block text-xs font-normal text-slate-700">{entry.kind}</span>
                          </p>
                          <div className="grid min-w-0 gap-1">
                            <LeadName lead={entry.lead} />
                            <LeadStatusBadge status={entry.lead.status} />
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
