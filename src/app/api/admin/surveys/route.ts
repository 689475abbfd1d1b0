import { listRoute } from "@/server/admin/inbox-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const GET = listRoute("surveys");
export const POST = methodNotAllowed(["GET"]);
