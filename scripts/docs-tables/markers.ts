// A generated table sits in its guide between two comments, so the prose around it stays
// hand-written: <!-- generated:NAME --> … <!-- /generated:NAME -->.

const start = (name: string) => `<!-- generated:${name} -->`;
const end = (name: string) => `<!-- /generated:${name} -->`;

/** The text between a table's markers, or null when the guide has none. */
export function readGenerated(text: string, name: string): string | null {
  const from = text.indexOf(start(name));
  const to = text.indexOf(end(name));
  if (from < 0 || to < from) return null;
  return text.slice(from + start(name).length, to).trim();
}

/** The guide with the table between its markers replaced; throws when the markers are missing. */
export function writeGenerated(
  text: string,
  name: string,
  table: string,
): string {
  const from = text.indexOf(start(name));
  const to = text.indexOf(end(name));
  if (from < 0 || to < from)
    throw new Error(`no ${start(name)} … ${end(name)} in the guide`);
  return `${text.slice(0, from + start(name).length)}\n${table}\n${text.slice(to)}`;
}

/** A Markdown table: header, separator, rows; a `|` inside a cell is escaped. */
export function markdownTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]) =>
    `| ${cells.map((cell) => cell.replace(/\|/g, "\\|")).join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join(
    "\n",
  );
}

/** `value` in backticks, or an empty cell. */
export const code = (value: string) => (value ? `\`${value}\`` : "");
