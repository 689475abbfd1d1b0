/** A signed-in browser as GET /api/admin/account/sessions lists it. */
export interface ActiveSession {
  /** The session's public id, for DELETE /api/admin/account/sessions/{id}. */
  id: string;
  /** True for the browser that asked. */
  current: boolean;
  browser: string;
  os: string;
  address: string | null;
  createdAt: string;
  lastSeenAt: string;
}

export const WRONG_CURRENT_PASSWORD = "Your current password is not correct.";
