import { afterEach, describe, expect, it } from "vitest";
import { mapsApiKey } from "@/server/config";

const NAMES = ["GOOGLE_MAPS_API_KEY", "NEXT_PUBLIC_GOOGLE_MAPS_API_KEY"] as const;

afterEach(() => {
  for (const name of NAMES) delete process.env[name];
});

describe("the survey's maps key", () => {
  it("is read from GOOGLE_MAPS_API_KEY at each call, so one build serves deployments with and without one", () => {
    expect(mapsApiKey()).toBeUndefined();
    process.env.GOOGLE_MAPS_API_KEY = " key-1 ";
    expect(mapsApiKey()).toBe("key-1");
  });

  it("still accepts its name from before the move to Astro, NEXT_PUBLIC_GOOGLE_MAPS_API_KEY, the new name winning", () => {
    process.env.NEXT_PUBLIC_GOOGLE_MAPS_API_KEY = "old-key";
    expect(mapsApiKey()).toBe("old-key");
    process.env.GOOGLE_MAPS_API_KEY = "new-key";
    expect(mapsApiKey()).toBe("new-key");
  });

  it("treats a blank value as no key", () => {
    process.env.GOOGLE_MAPS_API_KEY = "   ";
    expect(mapsApiKey()).toBeUndefined();
  });
});
