/** The two database engines the app runs on: embedded SQLite, or PostgreSQL when DATABASE_URL is set. */
export type DbEngine = "sqlite" | "postgres";
