// Each method keeps one colour wherever it appears. Paul Tol's "muted" scheme, chosen to stay distinct
// under the common colour-vision deficiencies, plus black for the tenth method; the truth is grey and dashed.

const COLOURS: Record<string, string> = {
  euler: '#CC6677',
  'symplectic-euler': '#332288',
  'implicit-euler': '#AA9933',
  verlet: '#117733',
  'velocity-verlet': '#44AA99',
  leapfrog: '#882255',
  midpoint: '#6699CC',
  rk4: '#999933',
  kinematic: '#AA4499',
  'kinematic-average': '#000000',
};

export const TRUTH_COLOUR = '#777777';
export const TRUTH_DASH = [6, 4];

export function colour(method: string): string {
  return COLOURS[method] ?? '#444444';
}
