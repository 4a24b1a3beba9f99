// The numeric tables, as the core writes them: every track's values at the current step, and the last steps
// of one method laid out as Fiedler prints his table. The cells are the core's text, the same as the CSV's.

import type { CoreTable } from '../core';
import { el } from '../ui/dom';
import { swatch } from '../ui/palette';

export interface RowLabel {
  /** What the row is called: a method, a run at its own dt, the truth. */
  label: string;
  /** A key for tests and styling (`data-method`). */
  key: string;
  /** The method whose look the row wears; undefined for the truth. */
  method: string | undefined;
}

/** The shape each table was last built with: while it stays the same, only the cells' text is updated
 * (a table rebuilt ten times a second was the costliest part of a playing frame). */
const shapes = new WeakMap<HTMLTableElement, string>();

/** Sets each body cell's text where the table already has the shape `shape`; false if it has not. */
function updateInPlace(table: HTMLTableElement, shape: string, core: CoreTable): boolean {
  if (shapes.get(table) !== shape) return false;
  const body = table.tBodies[0];
  if (!body) return false;
  core.rows.forEach(({ cells }, i) => {
    const tds = body.rows[i]?.querySelectorAll('td');
    cells.forEach((text, j) => {
      const td = tds?.[j];
      if (td && td.textContent !== text) td.textContent = text;
    });
  });
  return true;
}

function head(columns: string[], first?: string): HTMLTableSectionElement {
  const cells = (first === undefined ? columns : [first, ...columns]).map((c) => {
    const th = el('th', c);
    th.scope = 'col';
    return th;
  });
  return el('thead', undefined, undefined, [el('tr', undefined, undefined, cells)]);
}

/** Every track's row: its label (with its look and any note), then the core's cells. */
export function renderValues(table: HTMLTableElement, core: CoreTable, labels: RowLabel[]): void {
  const shape = JSON.stringify([
    core.columns,
    core.rows.map((row, i) => [labels[i]?.key, labels[i]?.label, labels[i]?.method, row.note]),
  ]);
  if (updateInPlace(table, shape, core)) return;
  const body = core.rows.map((row, i) => {
    const label = labels[i] ?? { label: '', key: '', method: undefined };
    const th = el('th', undefined, undefined, [
      ...(label.method ? [swatch(label.method), ' '] : []),
      label.label,
      ...(row.note ? [' ', el('small', `(${row.note})`)] : []),
    ]);
    th.scope = 'row';
    const tr = el('tr', undefined, undefined, [th, ...row.cells.map((c) => el('td', c))]);
    tr.dataset.method = label.key;
    return tr;
  });
  const caption = el('caption', 'Values at the current step');
  table.replaceChildren(caption, head(core.columns, 'method'), el('tbody', undefined, undefined, body));
  shapes.set(table, shape);
}

/** The last rows one track recorded: t, a position, its velocity. */
export function renderSteps(table: HTMLTableElement, title: string, core: CoreTable): void {
  const shape = JSON.stringify([title, core.columns, core.rows.length]);
  if (updateInPlace(table, shape, core)) return;
  const body = core.rows.map((row) =>
    el(
      'tr',
      undefined,
      undefined,
      row.cells.map((c) => el('td', c)),
    ),
  );
  table.replaceChildren(
    el(
      'caption',
      `${title}: ${core.rows.length === 1 ? 'the last row' : `the last ${core.rows.length} rows`}`,
    ),
    head(core.columns),
    el('tbody', undefined, undefined, body),
  );
  shapes.set(table, shape);
}
