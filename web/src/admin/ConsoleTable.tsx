import type { ReactNode } from 'react';
import tables from './tables.module.css';

interface Column {
  label: string;
  className?: string | undefined;
  /** For screen readers only (the actions' column). */
  hidden?: boolean;
}

interface TableHeadProps {
  columns: readonly (string | Column)[];
  /** Spells out the table roles, which browsers drop from cells restyled as blocks (cards). */
  roles?: boolean;
}

/** A console table's one row of column headings. */
export function TableHead({ columns, roles = false }: TableHeadProps) {
  return (
    <thead role={roles ? 'rowgroup' : undefined}>
      <tr role={roles ? 'row' : undefined}>
        {columns.map((column) => {
          const { label, className, hidden } =
            typeof column === 'string' ? ({ label: column } as Column) : column;
          return (
            <th
              key={label}
              scope="col"
              role={roles ? 'columnheader' : undefined}
              className={className}
            >
              {hidden ? <span className="visually-hidden">{label}</span> : label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

interface ScrollingTableProps extends TableHeadProps {
  /** Names the scrolling region; the caption names the table. */
  label: string;
  caption: string;
  className: string | undefined;
  /** The rows. */
  children: ReactNode;
}

/** A table that scrolls sideways on a narrow screen, inside a region the keyboard can scroll. */
export function ScrollingTable({
  label,
  caption,
  className,
  columns,
  children,
}: ScrollingTableProps) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard to scroll it.
    <section className={tables.scroller} aria-label={label} tabIndex={0}>
      <table className={className}>
        <caption className="visually-hidden">{caption}</caption>
        <TableHead columns={columns} />
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}
