import { describe, expect, it } from 'vitest';
import { grid } from './body';
import { setLabel } from './labels';

/** A font whose every character is 0.6 of its size wide. */
const measure = (text: string, size: number) => text.length * size * 0.6;

describe('a spinning body’s label under its cell', () => {
  it('is set on one line at 12 px where it fits, and as small as 10 px before it takes two', () => {
    expect(setLabel('Runge–Kutta 4', 100, measure)).toEqual({ lines: ['Runge–Kutta 4'], size: 12 });
    // 13 characters: 93.6 px at 12, 78 at 10.
    expect(setLabel('Runge–Kutta 4', 80, measure)).toEqual({ lines: ['Runge–Kutta 4'], size: 10 });
  });

  it('takes two lines, broken between words, rather than being cut (a phone’s five cells of 75 px)', () => {
    // "No gyroscopic term" is 18 characters: 108 px at 10; "No gyroscopic" 13: 93.6 at 12, 85.8 at 11.
    expect(setLabel('No gyroscopic term', 72, measure)).toEqual({
      lines: ['No gyroscopic', 'term'],
      size: 9,
    });
    expect(setLabel('No gyroscopic term', 86, measure)).toEqual({
      lines: ['No gyroscopic', 'term'],
      size: 11,
    });
    // The first line as long as fits: "Explicit Euler, q" (17) is too long at 12 for 110 px; "Explicit Euler," fits.
    expect(setLabel('Explicit Euler, q normalised', 110, measure)).toEqual({
      lines: ['Explicit Euler,', 'q normalised'],
      size: 12,
    });
  });

  it('makes no empty line of doubled spaces', () => {
    expect(setLabel('No  gyroscopic  term', 72, measure)).toEqual({
      lines: ['No gyroscopic', 'term'],
      size: 9,
    });
  });

  it('takes three lines where two at 9 px cannot hold it (six cells of 60 px)', () => {
    // "gyroscopic" is 10 characters: 60 px at 10, 54 at 9; "No gyroscopic" 13: 70.2 at 9.
    expect(setLabel('No gyroscopic term', 58, measure)).toEqual({
      lines: ['No', 'gyroscopic', 'term'],
      size: 9,
    });
    expect(setLabel('No gyroscopic term', 60, measure)).toEqual({
      lines: ['No', 'gyroscopic', 'term'],
      size: 10,
    });
  });

  it('breaks after a dash, and keeps a last word of one or two characters with the one before', () => {
    // "Runge–Kutta 4" is 78 px at 10: in 60 px, "Runge–" over "Kutta 4" at 12 px, never "Runge–Kutta" over "4".
    expect(setLabel('Runge–Kutta 4', 60, measure)).toEqual({ lines: ['Runge–', 'Kutta 4'], size: 12 });
    expect(setLabel('Forest–Ruth', 50, measure)).toEqual({ lines: ['Forest–', 'Ruth'], size: 11 });
    // A short word inside the name breaks as any other.
    expect(setLabel('Explicit Euler, q normalised', 110, measure).lines).toEqual([
      'Explicit Euler,',
      'q normalised',
    ]);
  });

  it('leaves a gloss in brackets to the legend before it takes a third line or is cut (cells of 63 px)', () => {
    const engines = "Symplectic Euler (the engines' order)";
    // "engines' order)" is 15 characters: 81 px at 9, so the whole name cannot be set in 63 px at all.
    expect(setLabel(engines, 63, measure)).toEqual({ lines: ['Symplectic', 'Euler'], size: 10 });
    // Where two lines hold it all, all of it, the gloss on a line of its own (not "Symplectic Euler (the").
    expect(setLabel(engines, 130, measure)).toEqual({
      lines: ['Symplectic Euler', "(the engines' order)"],
      size: 10,
    });
  });

  it('keeps to one line where it is asked to (a row of the spring scene), within its width', () => {
    // Eleven methods on a phone: the names' column is about 150 px; 31 characters are 167 px at 9.
    const name = 'Kinematic, average acceleration';
    for (const width of [150, 170, 200, 400]) {
      const set = setLabel(name, width, measure, 1);
      expect(set.lines, `${width} px`).toHaveLength(1);
      expect(measure(set.lines[0] ?? '', set.size), `${width} px`).toBeLessThanOrEqual(width);
    }
    expect(setLabel(name, 170, measure, 1)).toEqual({ lines: [name], size: 9 });
    expect(setLabel(name, 400, measure, 1)).toEqual({ lines: [name], size: 12 });
    expect(setLabel("Symplectic Euler (the engines' order)", 100, measure, 1)).toEqual({
      lines: ['Symplectic Euler'],
      size: 10,
    });
  });

  it('is cut with an ellipsis only where three lines at 9 px cannot hold it', () => {
    const set = setLabel('Momentum-rescaled-step', 60, measure);
    expect(set.size).toBe(9);
    expect(set.lines).toHaveLength(1);
    expect(set.lines[0]?.endsWith('…')).toBe(true);
    expect(measure(set.lines[0] ?? '', 9)).toBeLessThanOrEqual(60);
  });
});

describe('the cells of a scene of spinning bodies', () => {
  // A coin's reach (its farthest corner from its centre), and a row of labels 18 px tall.
  const reach = 0.5;
  const labels = () => 18;
  const size = (cell: number) => (0.46 * cell) / (reach + 0.35);

  it('are one row on a wide scene: five bodies side by side at 890 by 280 px', () => {
    const g = grid(5, 890, 280, reach, labels);
    expect([g.rows, g.columns, g.width, g.height]).toEqual([1, 5, 178, 280]);
    expect(g.size).toBeCloseTo(size(178), 12);
  });

  it('are two rows on a phone, each body larger than in one row: five at 374 by 220 px', () => {
    const g = grid(5, 374, 220, reach, labels);
    expect([g.rows, g.columns]).toEqual([2, 3]);
    // One row: cells 74.8 px wide. Two rows of three: 124.7 wide, 110 − 18 = 92 tall.
    expect(g.size).toBeCloseTo(size(92), 12);
    expect(g.size / size(374 / 5)).toBeGreaterThan(1.2);
  });

  it('keep no empty row, and take the fewer rows where the bodies are as large', () => {
    for (let cells = 1; cells <= 12; cells++) {
      const g = grid(cells, 374, 220, reach, labels);
      expect((g.rows - 1) * g.columns, `${cells} cells`).toBeLessThan(cells);
      expect(g.rows * g.columns, `${cells} cells`).toBeGreaterThanOrEqual(cells);
    }
    // A square scene's one body: one row, not a column of it alone.
    expect(grid(1, 300, 300, reach, labels).rows).toBe(1);
    // Two bodies in a square scene are as large side by side (150 wide) as stacked (150 − 18 tall, smaller):
    // side by side.
    expect(grid(2, 300, 300, reach, labels).rows).toBe(1);
  });

  it('give the labels the room they take at the width a layout gives them', () => {
    // Labels take two lines (34 px) in cells under 100 px wide, one (18 px) in wider ones: at 374 by 220 a
    // single row's cells are 74.8 px, and its bodies smaller still for the second line.
    const room = (w: number) => (w < 100 ? 34 : 18);
    const g = grid(5, 374, 220, reach, room);
    expect([g.rows, g.columns]).toEqual([2, 3]);
    expect(g.size).toBeCloseTo(size(110 - 18), 12);
  });
});
