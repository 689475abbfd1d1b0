import { adminUsername } from "@/server/auth/admin-credentials";
import { adminRoute } from "@/server/http/admin-route";
import { jsonResponse, methodNotAllowed } from "@/server/http/json-responses";

export const GET = adminRoute(async () => jsonResponse({ authenticated: true, username: adminUsername() }));
export const POST = methodNotAllowed(["GET"]);
export const PUT = methodNotAllowed(["GET"]);
export const PATCH = methodNotAllowed(["GET"]);
export const DELETE = methodNotAllowed(["GET"]);
