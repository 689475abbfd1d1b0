import { describe, expect, it } from "vitest";
import { UTF8_BOM, csvCell, toCsv } from "@/lib/csv";

describe("csvCell", () => {
  it("leaves plain text, numbers and booleans as they are", () => {
    expect(csvCell("Blue Heron Dental")).toBe("Blue Heron Dental");
    expect(csvCell(42)).toBe("42");
    expect(csvCell(0)).toBe("0");
    expect(csvCell(false)).toBe("false");
  });

  it("writes null and undefined as empty cells", () => {
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("quotes a cell holding a comma, a quote or a line break, doubling the quotes (RFC 4180)", () => {
    expect(csvCell("Greenville, SC")).toBe('"Greenville, SC"');
    expect(csvCell('He said "hi"')).toBe('"He said ""hi"""');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("line one\r\nline two")).toBe('"line one\r\nline two"');
  });

  it.each(["=1+1", "+1 864 555 0100", "-5", "@SUM(A1)", "\tcmd", "\rcmd"])("prefixes the formula-looking cell %j with an apostrophe", (value) => {
    expect(csvCell(value).replace(/^"/, "")).toMatch(/^'/);
    expect(csvCell(value).replace(/^"|"$/g, "")).toBe(`'${value}`);
  });

  it("prefixes before quoting, so a quoted formula stays text", () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe('"\'=HYPERLINK(""http://evil.example"",""x"")"');
    expect(csvCell("=A1,B1")).toBe('"\'=A1,B1"');
  });

  it("does not prefix formula characters that are not at the start", () => {
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell("Suite 2 - rear")).toBe("Suite 2 - rear");
    expect(csvCell("office@example.com")).toBe("office@example.com");
  });

  it("prefixes a negative number too, since a spreadsheet would evaluate it", () => {
    expect(csvCell(-3)).toBe("'-3");
  });
});

describe("toCsv", () => {
  it("joins header and rows with commas and ends every record with CRLF", () => {
    expect(toCsv(["id", "name"], [[1, "Ann"], [2, "Bo, Jr."]])).toBe('id,name\r\n1,Ann\r\n2,"Bo, Jr."\r\n');
  });

  it("gives just the header row for no rows", () => {
    expect(toCsv(["id", "name"], [])).toBe("id,name\r\n");
  });

  it("keeps a line break inside a quoted cell within one record", () => {
    const text = toCsv(["message"], [["one\ntwo"]]);
    expect(text).toBe('message\r\n"one\ntwo"\r\n');
    expect(text.split("\r\n")).toHaveLength(3);
  });
});

describe("UTF8_BOM", () => {
  it("is the byte-order mark EF BB BF in UTF-8", () => {
    expect([...new TextEncoder().encode(UTF8_BOM)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});
