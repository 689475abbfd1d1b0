import { expect, it } from "vitest";
import { getSetting, setSettingIfAbsent } from "@/server/settings/settings";
import { describeEachEngine, loadSecondInstance } from "../support/test-database";

describeEachEngine("settings", () => {
  it("has no value for an unknown key", async () => {
    expect(await getSetting("session-secret")).toBeUndefined();
  });

  it("stores a value once and keeps the first one", async () => {
    expect(await setSettingIfAbsent("session-secret", "first 🔑 'quoted'")).toBe("first 🔑 'quoted'");
    expect(await setSettingIfAbsent("session-secret", "second")).toBe("first 🔑 'quoted'");
    expect(await getSetting("session-secret")).toBe("first 🔑 'quoted'");
  });

  it("gives racing callers the same stored value", async () => {
    const values = await Promise.all(Array.from({ length: 10 }, (_, index) => setSettingIfAbsent("race", `value-${index}`)));

    expect(new Set(values).size).toBe(1);
    expect(await getSetting("race")).toBe(values[0]);
  });

  it("gives two app instances racing to create a setting the same stored value", async () => {
    const second = await loadSecondInstance(() => import("@/server/settings/settings"));
    try {
      const [mine, theirs] = await Promise.all([setSettingIfAbsent("secret", "from-a"), second.modules.setSettingIfAbsent("secret", "from-b")]);

      expect(mine).toBe(theirs);
      expect(await second.modules.getSetting("secret")).toBe(mine);
    } finally {
      await second.close();
    }
  });
});
