/** Plain-text tables and number formats for the bench's printout. */

/** @param {number | null | undefined} bytes */
export const kb = (bytes) => (bytes == null ? 'n/a' : `${(bytes / 1024).toFixed(1)} KB`);
/** @param {number | null | undefined} bytes */
export const mb = (bytes) => (bytes == null ? 'n/a' : `${(bytes / 1e6).toFixed(0)} MB`);
/** @param {number | null | undefined} value milliseconds */
export const ms = (value) => (value == null ? 'n/a' : `${Math.round(value)} ms`);
/** @param {number | null | undefined} value milliseconds */
export const seconds = (value) => (value == null ? 'n/a' : `${(value / 1000).toFixed(2)} s`);

/**
 * @param {string[]} headings
 * @param {Array<Array<string | number>>} rows
 * @param {{ right?: number[] }} [options] indexes of right-aligned columns
 */
export function table(headings, rows, { right = [] } = {}) {
  const cells = [headings, ...rows].map((row) => row.map((cell) => String(cell)));
  const widths = headings.map((_, column) =>
    Math.max(...cells.map((row) => row[column]?.length ?? 0)),
  );
  const line = (row) =>
    row
      .map((cell, column) =>
        right.includes(column) ? cell.padStart(widths[column]) : cell.padEnd(widths[column]),
      )
      .join('  ')
      .trimEnd();
  return [
    line(cells[0]),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...cells.slice(1).map(line),
  ].join('\n');
}
