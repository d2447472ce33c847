import type { ReactNode } from "react";

export type Column = {
  label: string;
  /** Extra classes of the header cell: when it shows (`hidden md:table-cell`), its width. */
  className?: string;
  /** Read by screen readers only (an actions column). */
  srOnly?: boolean;
};

/** Horizontal padding of the column at `index`: the edge columns line up with the card's content. */
function columnPadding(index: number, count: number): string {
  return index === 0 || index === count - 1 ? "px-5 sm:px-6" : "px-3";
}

type Props = {
  columns: Column[];
  /** The rows (`<tr>`), each with as many cells as there are columns. */
  children: ReactNode;
  /** Set while the rows are being refreshed. */
  busy?: boolean;
  /** Extra classes of the table (`max-sm:whitespace-nowrap`). */
  className?: string;
};

/**
 * Every table of the screens: edge to edge in its card, scrolling sideways on phones, one header
 * style. The caller renders the rows, its edge cells padded `px-5 sm:px-6` and the others `px-3`
 * like the header's.
 */
export function DataTable({ columns, children, busy, className = "" }: Props) {
  return (
    <div className="relative -mx-5 overflow-x-auto sm:-mx-6">
      <table className={`min-w-full divide-y divide-zinc-200 text-sm ${className}`} aria-busy={busy}>
        <thead>
          <tr className="text-left text-xs font-semibold tracking-wide text-zinc-500 uppercase">
            {columns.map((column, index) => (
              <th key={column.label} scope="col" className={`${columnPadding(index, columns.length)} py-3 ${column.className ?? ""}`}>
                {column.srOnly ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">{children}</tbody>
      </table>
    </div>
  );
}
