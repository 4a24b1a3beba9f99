// The numeric table: every track's values at the current step, as the articles print them.

import type { Precision } from './lab';
import { formatNumber } from './numbers';

export interface TableRow {
  label: string;
  method: string;
  colour: string;
  step: number;
  t: number;
  /** Coordinate values shown, in the order of `columns`. */
  values: number[];
  energy: number;
  error: number | undefined;
  note: string;
  /** The truth's numbers are f64 whatever the run's precision. */
  precision: Precision;
}

export function renderTable(table: HTMLTableElement, columns: string[], rows: TableRow[]): void {
  const caption = table.caption?.outerHTML ?? '';
  const head = ['method', 'step', 't', ...columns, 'energy', 'error']
    .map((h) => `<th scope="col">${h}</th>`)
    .join('');
  const body = rows
    .map((r) => {
      const cell = (v: number, p: Precision = r.precision) => `<td>${formatNumber(v, p)}</td>`;
      const energy = r.precision === 'f32' ? Math.fround(r.energy) : r.energy;
      const note = r.note ? ` <small>(${r.note})</small>` : '';
      return (
        `<tr data-method="${r.method}"><th scope="row"><span class="swatch" style="background:${r.colour}"></span> ${r.label}${note}</th>` +
        `<td>${r.step}</td>${cell(r.t, 'f64')}${r.values.map((v) => cell(v)).join('')}${cell(energy)}` +
        `<td>${r.error === undefined ? '' : formatNumber(r.error, 'f64')}</td></tr>`
      );
    })
    .join('');
  table.innerHTML = `${caption}<thead><tr>${head}</tr></thead><tbody>${body}</tbody>`;
}

/** The last rows a method recorded, laid out as Fiedler prints his: t, position, velocity. */
export function renderSteps(
  table: HTMLTableElement,
  title: string,
  names: [string, string],
  columns: [ArrayLike<number>, ArrayLike<number>, ArrayLike<number>],
  precision: Precision,
  rows = 11,
): void {
  const [t, x, v] = columns;
  const first = Math.max(0, t.length - rows);
  const body: string[] = [];
  for (let i = first; i < t.length; i++) {
    body.push(
      `<tr><td>${formatNumber(t[i] ?? Number.NaN, 'f64')}</td><td>${formatNumber(x[i] ?? Number.NaN, precision)}</td>` +
        `<td>${formatNumber(v[i] ?? Number.NaN, precision)}</td></tr>`,
    );
  }
  table.innerHTML =
    `<caption>${title}: the last ${t.length - first} rows</caption>` +
    `<thead><tr><th scope="col">t</th><th scope="col">${names[0]}</th><th scope="col">${names[1]}</th></tr></thead>` +
    `<tbody>${body.join('')}</tbody>`;
}
