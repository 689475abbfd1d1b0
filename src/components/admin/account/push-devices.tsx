import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BellRing, Smartphone, Trash2 } from "lucide-react";
import { useState, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { adminApi, ApiError, apiRequest } from "@/lib/admin-api";
import type { PushDevice, PushDeviceList } from "@/lib/push-devices";
import { toast } from "@/lib/toast-store";
import { AuthRequired } from "../shared/auth-required";
import { SubmittedAt } from "../shared/submitted-at";
import { forgetThisDevice, NotificationsDeclined, pushSupport, subscribeThisDevice, thisDeviceId } from "./this-device-push";

export const DEVICE_ADDED = { title: "This device will be notified", description: "Each new lead now shows on this device, even with the desk closed." };
const DEVICE_REMOVED = { title: "Device removed", description: "It gets no more new-lead notifications." };
const DEVICE_ALREADY_GONE = { title: "Device already removed", description: "It was no longer in the list." };
const DECLINED = { title: "Notifications not allowed", description: "Allow notifications for this site in the browser's settings, then try again." };
const SUBSCRIBE_FAILED = { title: "Error", description: "This browser could not be set up for notifications. Please try again." };
const REMOVE_FAILED = { title: "Error", description: "The device could not be removed. Please try again." };

const UNSUPPORTED = "This browser cannot receive notifications. On an iPhone or iPad, add the desk to the Home Screen first (Share → Add to Home Screen), then open it from there.";
const BLOCKED = "Notifications are blocked for this site in this browser's settings. Allow them there to be notified here.";

/** Nothing to subscribe to: read when the island hydrates, then kept in state. */
const readOnce = () => () => undefined;

/** Account → "Notify this device": push for every new lead on this browser, and the list of devices that get it. */
export function PushDevices() {
  const queryClient = useQueryClient();
  // Read from the browser once hydrated (the server renders the island with neither known).
  const support = useSyncExternalStore(readOnce, pushSupport, () => "supported" as const);
  const storedId = useSyncExternalStore(readOnce, thisDeviceId, () => null);
  const [changedId, setOwnId] = useState<number | null | undefined>(undefined);
  const ownId = changedId === undefined ? storedId : changedId;
  const devices = useQuery<PushDeviceList>({ queryKey: [adminApi.pushSubscriptions], staleTime: 0 });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [adminApi.pushSubscriptions] });

  const subscribe = useMutation({
    mutationFn: subscribeThisDevice,
    onSuccess: (id) => {
      setOwnId(id);
      toast(DEVICE_ADDED);
    },
    onError: (error) => toast({ ...(error instanceof NotificationsDeclined ? DECLINED : SUBSCRIBE_FAILED), variant: "destructive" }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: async (device: PushDevice) => {
      await apiRequest("DELETE", adminApi.pushSubscription(device.id));
      if (device.id === ownId) {
        setOwnId(null);
        await forgetThisDevice();
      }
    },
    onSuccess: () => toast(DEVICE_REMOVED),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 404) toast(DEVICE_ALREADY_GONE);
      else toast({ ...REMOVE_FAILED, variant: "destructive" });
    },
    onSettled: refresh,
  });

  if (devices.isError) return <AuthRequired />;
  return (
    <div className="grid gap-4">
      <div className="grid justify-items-start gap-2">
        <Button disabled={support === "unsupported" || subscribe.isPending} onClick={() => subscribe.mutate()}>
          <BellRing aria-hidden="true" />
          {subscribe.isPending ? "Setting up..." : "Notify this device"}
        </Button>
        {support === "unsupported" && <p className="text-sm text-slate-600">{UNSUPPORTED}</p>}
        {support === "denied" && <p className="text-sm text-slate-600">{BLOCKED}</p>}
      </div>
      {devices.isPending ? (
        <p role="status" className="text-slate-700">
          Loading devices...
        </p>
      ) : devices.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">No device is notified yet.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Notified devices">
          {devices.data.items.map((device) => (
            <li key={device.id} data-testid="push-device-row" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-4">
              <div className="flex min-w-0 items-start gap-3">
                <Smartphone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">
                    {device.label}
                    {device.id === ownId && (
                      <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 align-middle text-xs font-bold text-brand-900">This device</span>
                    )}
                  </p>
                  <dl className="mt-1 grid gap-x-4 gap-y-0.5 text-sm text-slate-600 sm:grid-cols-[auto_1fr]">
                    <dt>Added</dt>
                    <dd className="text-slate-800">
                      <SubmittedAt iso={device.createdAt} />
                    </dd>
                    <dt>Push service</dt>
                    <dd className="break-all text-slate-800">{device.endpointHost}</dd>
                  </dl>
                </div>
              </div>
              <Button
                variant="outline"
                size="sm"
                disabled={remove.isPending && remove.variables.id === device.id}
                aria-label={`Remove ${device.label}`}
                onClick={() => remove.mutate(device)}
              >
                <Trash2 aria-hidden="true" />
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
