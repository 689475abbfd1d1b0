import { listRoute } from "@/server/admin/inbox-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const GET = listRoute("contacts");
export const POST = methodNotAllowed(["GET"]);
