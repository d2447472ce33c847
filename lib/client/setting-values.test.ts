import { describe, expect, it } from "vitest";
import {
  draftOf,
  isSameSetting,
  valueOfDraft,
} from "@/lib/client/setting-values";

// The settings page's editors: what a draft holds and the value it sends.
describe("setting editors", () => {
  it("edit a list one item per line, commas accepted, blanks dropped", () => {
    expect(draftOf(["a@example.test", "b@example.test"], "list")).toBe(
      "a@example.test\nb@example.test",
    );
    expect(
      valueOfDraft(
        " a@example.test \n\nb@example.test, c@example.test\n",
        "list",
      ),
    ).toEqual(["a@example.test", "b@example.test", "c@example.test"]);
    expect(valueOfDraft("", "list")).toEqual([]);
  });

  it("send numbers as numbers, and anything else as typed for the server to refuse", () => {
    expect(valueOfDraft(" 12 ", "number")).toBe(12);
    expect(valueOfDraft("", "number")).toBeNull();
    expect(valueOfDraft("twelve", "number")).toBe("twelve");
    expect(valueOfDraft(" /home ", "text")).toBe("/home");
  });

  it("show a duration in the largest whole unit and send it in the setting's own", () => {
    expect(draftOf(7200, "duration", "seconds")).toBe("2 hours");
    expect(draftOf(90, "duration", "seconds")).toBe("90 seconds");
    expect(draftOf(86_400, "duration", "seconds")).toBe("1 days");
    expect(valueOfDraft("3 hours", "duration", "seconds")).toBe(10_800);
    expect(valueOfDraft("15 minutes", "duration", "seconds")).toBe(900);
    expect(valueOfDraft("soon minutes", "duration", "seconds")).toBe("soon");
  });

  it("send a limiter's rows with their numbers as numbers", () => {
    const rules = [{ by: "ip", max: 20, minutes: 1 }];
    const draft = draftOf(rules, "limiter");
    expect(valueOfDraft(draft, "limiter")).toEqual(rules);
    expect(
      valueOfDraft(
        JSON.stringify([{ by: "ip", max: "30", minutes: "2" }]),
        "limiter",
      ),
    ).toEqual([{ by: "ip", max: 30, minutes: 2 }]);
  });

  it("compare drafts with the saved value", () => {
    expect(
      isSameSetting(valueOfDraft("a@example.test", "list"), ["a@example.test"]),
    ).toBe(true);
    expect(isSameSetting(valueOfDraft("9", "number"), 8)).toBe(false);
  });
});
