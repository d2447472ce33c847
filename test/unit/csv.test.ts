import { describe, expect, it } from "vitest";
import { csvCell, csvRow } from "@/lib/admin/csv";

describe("csv (admin export)", () => {
  it("quotes cells with commas, quotes and line breaks (RFC 4180)", () => {
    expect(csvCell('Say "hi", then\nleave')).toBe('"Say ""hi"", then\nleave"');
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell(null)).toBe("");
    expect(csvRow([1, "a,b", undefined])).toBe('1,"a,b",\r\n');
  });

  it.each(['=HYPERLINK("http://x")', "+1", "-1+1", "@SUM(A1)", "\tcmd"])(
    "neutralises the formula %j with a leading quote",
    (value) => {
      expect(csvCell(value).replace(/^"/, "")).toMatch(/^'/);
    },
  );

  it("leaves numbers alone", () => {
    expect(csvCell(-5)).toBe("-5");
  });
});
