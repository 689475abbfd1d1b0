import { csvRoute } from "@/server/admin/inbox-routes";

export const GET = csvRoute("contacts");
