"use client";

import {
  type ReactNode,
  type RefObject,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { useT } from "@/lib/client/i18n";

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

/** Whether the element's content is wider than the element, so that it scrolls sideways. */
function useScrollsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}

type Props = {
  /** What the table lists; names the scrolling region when the table is wider than the screen. */
  label: string;
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
export function DataTable({
  label,
  columns,
  children,
  busy,
  className = "",
}: Props) {
  const t = useT();
  const scroller = useRef<HTMLDivElement>(null);
  // A table wider than the screen must scroll from the keyboard too (WCAG 2.1.1): it is then a
  // focusable region whose name says why (the card around it often has the table's name already);
  // the outline is drawn inside, where the card does not clip it.
  const region = useScrollsSideways(scroller)
    ? {
        role: "region",
        "aria-label": t(":table (scrolls sideways)", { table: label }),
        tabIndex: 0,
      }
    : {};
  return (
    <div
      ref={scroller}
      className="relative -mx-5 overflow-x-auto focus-visible:-outline-offset-2 sm:-mx-6"
      {...region}
    >
      <table
        className={`min-w-full divide-y divide-zinc-200 text-sm ${className}`}
        aria-busy={busy}
      >
        <thead>
          <tr className="text-left text-xs font-semibold tracking-wide text-zinc-500 uppercase">
            {columns.map((column, index) => (
              <th
                key={column.label}
                scope="col"
                className={`${columnPadding(index, columns.length)} py-3 ${column.className ?? ""}`}
              >
                {column.srOnly ? (
                  <span className="sr-only">{column.label}</span>
                ) : (
                  column.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">{children}</tbody>
      </table>
    </div>
  );
}
