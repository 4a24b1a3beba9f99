// The line over the method toggles that introduces their orders: written by the page when the facts come
// (controls.ts), and by the build into each scenario's shape, so that the first paint has it (vite.config.ts).
// Apart from shape.ts, which the page's code loads only later.

/** The line that introduces the point-mass methods' orders on a scenario, from its forces in words (the core's
 * `OrdersOn.forces`). */
export function ordersIntro(forces: string): string {
  return `Orders here (${forces}):`;
}

/** The line over a spinning body's method toggles: their orders are the core's, whatever the body. */
export const ROTATION_ORDERS =
  'Orders on a spinning body (your method and the ω·dt of an oscillator do not apply here):';
