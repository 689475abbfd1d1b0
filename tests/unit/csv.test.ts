import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { UTF8_BOM, defuseFormulas, toCsv } from "@/lib/csv";

/** What a spreadsheet reads back: the records as arrays of cell texts. */
const readBack = (csv: string): string[][] => parse(csv);

describe("toCsv", () => {
  it("quotes every cell, the header and empty cells too, and ends every record with CRLF", () => {
    expect(toCsv(["id", "name", "note"], [[1, "Ann", ""], [2, "Bo, Jr.", null]])).toBe(
      '"id","name","note"\r\n"1","Ann",""\r\n"2","Bo, Jr.",""\r\n',
    );
  });

  it("writes numbers and booleans as text, and null and undefined as empty cells", () => {
    expect(readBack(toCsv(["a", "b", "c", "d", "e"], [[42, 0, false, null, undefined]]))).toEqual([["a", "b", "c", "d", "e"], ["42", "0", "false", "", ""]]);
  });

  it("doubles quotes and keeps a line break inside its cell (RFC 4180)", () => {
    const text = toCsv(["message"], [['He said "hi"'], ["one\ntwo"], ["one\r\ntwo"]]);
    expect(text).toBe('"message"\r\n"He said ""hi"""\r\n"one\ntwo"\r\n"one\r\ntwo"\r\n');
    expect(readBack(text)).toEqual([["message"], ['He said "hi"'], ["one\ntwo"], ["one\r\ntwo"]]);
  });

  it("gives just the header row for no rows", () => {
    expect(toCsv(["id", "name"], [])).toBe('"id","name"\r\n');
  });

  it("leaves no formula at the start of any piece a ;-separated locale could split a record into", () => {
    const record = toCsv(["name", "phone"], [["Acme;=1+1", "864; +1 555"]]).split("\r\n")[1]!;
    expect(record).toBe('"Acme;\'=1+1","864; \'+1 555"');
    const pieces = record.split(/[;,]/).map((piece) => piece.replace(/^\s*"?\s*/, ""));
    expect(pieces.filter((piece) => /^[=+\-@]/.test(piece))).toEqual([]);
  });
});

describe("defuseFormulas", () => {
  it.each(["=1+1", "+1 864 555 0100", "-5", "@SUM(A1)", "\tcmd", "\rcmd"])("prefixes the formula-looking cell %j with an apostrophe", (value) => {
    expect(defuseFormulas(value)).toBe(`'${value}`);
  });

  it.each([
    ["Acme;=1+1", "Acme;'=1+1"],
    ["Acme; =1+1", "Acme; '=1+1"],
    ["a;+1;-2;@x", "a;'+1;'-2;'@x"],
    ["=A1;=B1", "'=A1;'=B1"],
  ])("defuses what a ;-separated spreadsheet locale would split off: %j", (value, defused) => {
    expect(defuseFormulas(value)).toBe(defused);
  });

  it.each([
    ["\n=HYPERLINK(\"http://evil.example\",\"x\")", "\n'=HYPERLINK(\"http://evil.example\",\"x\")"],
    ["\r\n+3+3", "'\r\n'+3+3"],
    ["\n@SUM(1,1)", "\n'@SUM(1,1)"],
    ["Hello\n-5", "Hello\n'-5"],
    ["Hello\r+1", "Hello\r'+1"],
    ["Hello\r\n  =1+1", "Hello\r\n  '=1+1"],
    ["Hello\n\t=1+1", "Hello\n\t'=1+1"],
    ["Hi\n\n=A1\n=B1", "Hi\n\n'=A1\n'=B1"],
    ["a\n=1;=2", "a\n'=1;'=2"],
  ])("defuses a formula at the start of a line inside the cell like one at its start: %j", (value, defused) => {
    expect(defuseFormulas(value)).toBe(defused);
  });

  it("leaves ordinary multi-line text untouched, words, line breaks and indentation alike", () => {
    for (const value of [
      "Hi,\nwe need fiber at two sites.\r\nThanks,\r\n  Ann",
      "Line one\rLine two",
      "Needs:\n\tfailover\n\tVoIP for 12 phones",
      "Call 864-555-0100\nSuite 2 - rear\noffice@example.com",
      "\n\nTrailing and leading breaks\n",
    ]) {
      expect(defuseFormulas(value)).toBe(value);
    }
  });

  it("changes multi-line text only where a line starts with a formula character", () => {
    expect(defuseFormulas("We need:\n- fiber\n- VoIP\nBudget = tight")).toBe("We need:\n'- fiber\n'- VoIP\nBudget = tight");
  });

  it("keeps a multi-line cell in one cell and its lines defused through the CSV", () => {
    const text = toCsv(["message"], [["Hi\r\n=HYPERLINK(\"http://evil.example\")\n@SUM(1,1)"]]);
    const [, [cell]] = readBack(text) as [string[], string[]];
    expect(cell).toBe("Hi\r\n'=HYPERLINK(\"http://evil.example\")\n'@SUM(1,1)");
    expect(cell!.split(/\r\n|\r|\n/).filter((line) => /^\s*[=+\-@]/.test(line))).toEqual([]);
  });

  it("leaves formula characters inside text alone", () => {
    for (const value of ["a=b", "Suite 2 - rear", "office@example.com", "VoIP Phone Systems; Starlink Business", "Blue Heron Dental"]) {
      expect(defuseFormulas(value)).toBe(value);
    }
  });

  it("defuses a formula inside a quoted cell, so it stays text in the file", () => {
    expect(toCsv(["v"], [['=HYPERLINK("http://evil.example","x")']])).toBe('"v"\r\n"\'=HYPERLINK(""http://evil.example"",""x"")"\r\n');
    expect(toCsv(["v"], [[-3]])).toBe("\"v\"\r\n\"'-3\"\r\n");
  });
});

describe("UTF8_BOM", () => {
  it("is the byte-order mark EF BB BF in UTF-8", () => {
    expect([...new TextEncoder().encode(UTF8_BOM)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});
