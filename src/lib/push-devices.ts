/** A device as GET /api/admin/push/subscriptions lists it: never its keys, only the push service's host. */
export type PushDevice = { id: number; label: string; createdAt: string; endpointHost: string };

/** GET /api/admin/push/subscriptions. */
export type PushDeviceList = { items: PushDevice[] };
