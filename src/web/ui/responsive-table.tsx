import { Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type KeyboardEvent, type MouseEvent, type ReactNode, startTransition, useEffect, useState } from 'react';
import classes from './responsive-table.module.css';

export interface Column<T> {
  key: string;
  label: string;
  render: (row: T) => ReactNode;
  /** The stacked layout shows this column as the item's title. */
  primary?: boolean;
  /** The stacked layout shows this column at the foot of the item, without its label (actions). */
  footer?: boolean;
}

interface ResponsiveTableProps<T> {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** Names the table (and the list) for assistive technology. */
  label: string;
  /** Below this width the rows stack as labelled items (default 576 px, the spec's small breakpoint). */
  stackBelow?: string;
  /** A wide table scrolls sideways inside a focusable region instead of squeezing its columns. */
  minWidth?: number;
  /**
   * The whole row opens it: a click anywhere but on its own buttons and links, or Enter on the focused row (issue 27).
   * The row's own button stays the way a screen reader is told about.
   */
  onOpen?: (row: T) => void;
  /** Tighter rows and smaller text: a long list read line by line (the spend tables, issue 27). */
  dense?: boolean;
  /**
   * Below `below` (and above `stackBelow`) the table shows these columns instead, with no minimum width: the others
   * folded into their cells, so a tablet reads every row without scrolling sideways (issue 27).
   */
  compact?: { below: string; columns: Column<T>[] };
}

/** What a new table draws before the rest of its rows: what a phone or a laptop shows of it below the page's top. */
const FIRST_ROWS = 8;

/** Lines under a cell's own content, in small grey text: what a compact column folds into it. */
export const foldedLines = (...lines: ReactNode[]) =>
  lines.map((line, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the lines are fixed, in a fixed order.
    <Text key={i} component="span" display="block" fz="xs" c="gray.7">
      {line}
    </Text>
  ));

/** A click or key that a control inside the row handles itself (a button, a link, the CPF's "mostrar"). */
const fromControl = (event: MouseEvent | KeyboardEvent) =>
  event.target !== event.currentTarget &&
  (event.target as HTMLElement).closest('button, a, input, select, textarea, [role="button"]') !== null;

/** The props that make a row open on click and on Enter. */
function openProps<T>(row: T, onOpen: ((row: T) => void) | undefined, className?: string) {
  if (!onOpen) return className ? { className } : {};
  return {
    tabIndex: 0,
    className: className ? `${className} ${classes.opens}` : classes.opens,
    onClick: (event: MouseEvent) => {
      if (!fromControl(event)) onOpen(row);
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || fromControl(event)) return;
      event.preventDefault();
      onOpen(row);
    },
  };
}

/** A table from 576 px up; below it every row is a labelled item, so nothing is cut at 360 px. */
export function ResponsiveTable<T>({
  columns,
  rows: given,
  rowKey,
  label,
  stackBelow = '35.99em',
  minWidth,
  onOpen,
  dense = false,
  compact,
}: ResponsiveTableProps<T>) {
  // A new table draws its first rows at once and the rest right after, in the background a few milliseconds at a
  // time: a page of 50 rows with their badges and buttons is otherwise one long task, and a tap or a key typed while
  // it runs waits for it (issue 27: /home's rows made its longest tasks). Rows that replace others in a table already
  // drawn are drawn at once, with the label that names them.
  const [drawn, setDrawn] = useState(FIRST_ROWS);
  const whole = drawn >= given.length;
  useEffect(() => {
    if (!whole) startTransition(() => setDrawn(Number.POSITIVE_INFINITY));
  }, [whole]);
  const rows = whole ? given : given.slice(0, drawn);
  const stacked = useMediaQuery(`(max-width: ${stackBelow})`, false, { getInitialValueInEffect: false });
  const folded = useMediaQuery(`(max-width: ${compact?.below ?? '0em'})`, false, { getInitialValueInEffect: false });
  const shown = compact && folded ? compact.columns : columns;
  const width = compact && folded ? undefined : minWidth;

  if (stacked) {
    const primary = columns.find((c) => c.primary);
    const details = columns.filter((c) => !c.primary && !c.footer);
    const footer = columns.filter((c) => c.footer);
    return (
      <Stack component="ul" aria-label={label} aria-busy={whole ? undefined : true} gap="sm" className={classes.list}>
        {rows.map((row) => (
          <li key={rowKey(row)} {...openProps(row, onOpen, classes.item)}>
            {/* Plain elements inside each item: a list renders them per row, and each Mantine component pays its
                style work again (issue 27's /home figures). */}
            {primary ? <p className={classes.primary}>{primary.render(row)}</p> : null}
            <dl className={classes.pairs}>
              {details.map((c) => (
                <div key={c.key} className={classes.pair}>
                  <dt>{c.label}</dt>
                  <dd>{c.render(row)}</dd>
                </div>
              ))}
            </dl>
            {footer.map((c) => (
              <div key={c.key} className={classes.footer}>
                {c.render(row)}
              </div>
            ))}
          </li>
        ))}
      </Stack>
    );
  }

  const table = (
    <Table
      striped
      highlightOnHover
      verticalSpacing={dense ? 6 : 'sm'}
      horizontalSpacing={dense ? 'xs' : 'sm'}
      fz={dense ? 'sm' : undefined}
      miw={width}
      aria-label={label}
      // Until its last rows are drawn: assistive technology (and a test) waits rather than reading half the list.
      aria-busy={whole ? undefined : true}
    >
      <Table.Thead>
        <Table.Tr>
          {shown.map((c) => (
            <Table.Th key={c.key} scope="col">
              {c.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)} {...openProps(row, onOpen)}>
            {shown.map((c) => (
              <Table.Td key={c.key}>{c.render(row)}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  if (!width) return table;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
    <section className={classes.scroll} aria-label={label} tabIndex={0}>
      {table}
    </section>
  );
}
