import type { FastifyReply } from 'fastify';

/** Answers that are files: how they are named, and CSV tables. */

type Disposition = 'inline' | 'attachment';

/** A Content-Disposition naming the file, its name reduced to characters every client takes. */
export const fileNamed = (disposition: Disposition, name: string) =>
  `${disposition}; filename="${name.replace(/[^\w.-]+/g, '_')}"`;

export type CsvCell = string | number | boolean | null;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, semicolon, tab, quote or line break. Text a spreadsheet
 * would run as a formula (=, +, -, @, tab, carriage return first, as in a file name an attacker
 * chose) is prefixed with an apostrophe, so opening the export runs nothing; a plain decimal
 * ("-0.000367") stays a number.
 */
function csvField(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell !== 'string') return String(cell);
  const formula = /^[=+\-@\t\r]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell);
  const text = formula ? `'${cell}` : cell;
  // A semicolon or tab is quoted too: spreadsheets in many locales split cells on them, and the
  // part after one would start a cell of its own (a formula the guard above never saw).
  return /[",;\t\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV table with a header row, CRLF line ends as RFC 4180 has them. */
export const toCsv = (header: readonly string[], rows: readonly (readonly CsvCell[])[]) =>
  [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';

/** The media type of CSV answers; the header row says what each column is. */
const CSV_TYPE = 'text/csv; charset=utf-8; header=present';

/** Answers a CSV table as a download named `fileName`. */
export const sendCsv = (
  reply: FastifyReply,
  fileName: string,
  header: readonly string[],
  rows: readonly (readonly CsvCell[])[],
) =>
  reply
    .type(CSV_TYPE)
    .header('content-disposition', fileNamed('attachment', fileName))
    .send(toCsv(header, rows));
