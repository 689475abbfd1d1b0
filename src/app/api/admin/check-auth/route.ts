import { adminUsername } from "@/server/auth/admin-credentials";
import { adminRoute } from "@/server/http/admin-route";
import { jsonResponse } from "@/server/http/json-responses";

export const GET = adminRoute(async () => jsonResponse({ authenticated: true, username: adminUsername() }));
