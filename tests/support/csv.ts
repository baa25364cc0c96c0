/**
 * How a spreadsheet reads a CSV file with one separator (RFC 4180): quoted cells may hold the
 * separator, quotes ("") and line breaks. The first row's cells come first.
 * Used by the tests that read what the product's CSV downloads hold.
 */
export function readCsv(text: string, separator: ";" | ","): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = "";
  };
  const body = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted && c === '"' && body[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') quoted = false;
    else if (quoted) cell += c;
    else if (c === '"' && cell === "") quoted = true;
    else if (c === separator) endCell();
    else if (c === "\r" && body[i + 1] === "\n") {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += c;
  }
  // A last row without its line break.
  if (cell !== "" || row.length > 0) {
    endCell();
    rows.push(row);
  }
  return rows;
}
