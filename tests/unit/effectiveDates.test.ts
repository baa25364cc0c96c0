import { periodState, planChange, versionsOn } from "../../src/domain/effectiveDates.js";

const v = (id: number, effectiveFrom: string, effectiveUntil: string | null) => ({
  id,
  effectiveFrom,
  effectiveUntil,
});

describe("planChange", () => {
  const history = [v(1, "2000-01-01", "2026-06-20"), v(2, "2026-06-20", null)];

  it("closes the version in force on the date and adds one from there to where it ended", () => {
    expect(planChange(history, "2026-06-18", "set")).toEqual({
      remove: [],
      close: [{ id: 1, effectiveUntil: "2026-06-18" }],
      replace: null,
      insert: { effectiveFrom: "2026-06-18", effectiveUntil: "2026-06-20" },
    });
    expect(planChange(history, "2026-07-01", "set").insert).toEqual({
      effectiveFrom: "2026-07-01",
      effectiveUntil: null,
    });
  });

  it("replaces a version that starts on the date, and fills a gap up to the next version", () => {
    expect(planChange(history, "2026-06-20", "set")).toMatchObject({ replace: 2, close: [], insert: null });
    expect(planChange([v(3, "2026-07-01", null)], "2026-06-15", "set").insert).toEqual({
      effectiveFrom: "2026-06-15",
      effectiveUntil: "2026-07-01",
    });
  });

  it("ends from a date: closes the version in force, removes the ones starting on or after it", () => {
    expect(planChange(history, "2026-06-18", "end")).toEqual({
      remove: [2],
      close: [{ id: 1, effectiveUntil: "2026-06-18" }],
      replace: null,
      insert: null,
    });
    expect(planChange(history, "2026-06-20", "end")).toMatchObject({ remove: [2], close: [] });
  });
});

describe("versions in force", () => {
  it("counts the start date in and the end date out", () => {
    const versions = [v(1, "2000-01-01", "2026-06-20"), v(2, "2026-06-20", null)];
    expect(versionsOn(versions, "2026-06-19").map((x) => x.id)).toEqual([1]);
    expect(versionsOn(versions, "2026-06-20").map((x) => x.id)).toEqual([2]);
    expect(versions.map((x) => periodState(x, "2026-06-15"))).toEqual(["current", "scheduled"]);
    expect(versions.map((x) => periodState(x, "2026-06-20"))).toEqual(["past", "current"]);
  });
});
