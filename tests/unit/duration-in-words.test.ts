import { describe, expect, it } from "vitest";
import { durationInWords } from "@/lib/lead-desk-labels";

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("durationInWords", () => {
  it("prints hours and minutes, as Today's 'waiting 2 h 14 min'", () => {
    expect(durationInWords(8040)).toBe("2 h 14 min");
    expect(durationInWords(HOUR + MINUTE)).toBe("1 h 1 min");
  });

  it("says 'under 1 min' below a minute, and for a negative span (a clock a little ahead)", () => {
    expect(durationInWords(0)).toBe("under 1 min");
    expect(durationInWords(59)).toBe("under 1 min");
    expect(durationInWords(-30)).toBe("under 1 min");
  });

  it("counts whole minutes, dropping the seconds", () => {
    expect(durationInWords(60)).toBe("1 min");
    expect(durationInWords(3 * MINUTE + 59)).toBe("3 min");
    expect(durationInWords(59 * MINUTE + 59)).toBe("59 min");
  });

  it("leaves out zero minutes on exact hours", () => {
    expect(durationInWords(HOUR)).toBe("1 h");
    expect(durationInWords(5 * HOUR + 30)).toBe("5 h");
    expect(durationInWords(23 * HOUR + 59 * MINUTE)).toBe("23 h 59 min");
  });

  it("prints days and hours from a day on, leaving out the minutes and zero hours", () => {
    expect(durationInWords(DAY)).toBe("1 d");
    expect(durationInWords(4 * DAY + 2 * HOUR + 45 * MINUTE)).toBe("4 d 2 h");
    expect(durationInWords(2 * DAY + 59 * MINUTE)).toBe("2 d");
    expect(durationInWords(400 * DAY)).toBe("400 d");
  });
});
