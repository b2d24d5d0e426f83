// CSV (RFC 4180) of the selected rows as the table shows them: quoting and the formula-injection guard
// of the server's exports (a cell starting with = + - @ is prefixed with a quote, numbers excepted).

function cell(text: string): string {
  let value = text;
  if (/^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value)) value = `'${value}`;
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The CSV text: a header line then one line per row, CRLF line ends. */
export function toCsv(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  return [headers, ...rows].map((line) => `${line.map(cell).join(',')}\r\n`).join('');
}
