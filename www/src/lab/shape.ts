// The shape of a scenario's first screen: written by the build (vite.config.ts, from the core's catalogue),
// read by the lab's first module (first-screen.ts). Types only: the build's configuration imports it too.

/** What a scenario's first screen holds: known before the core loads (vite.config.ts, from its catalogue). */
export interface ScenarioShape {
  /** A point mass's (`motion`) or a spinning body's (`rotation`) views and methods. */
  family: 'motion' | 'rotation';
  /** Whether its run, at its own parameters, has several coordinates (and so a Coordinate menu). */
  several: boolean;
  /** Its parameters. */
  params: number;
  /** Its description's lines in the settings column at its widest, estimated. */
  aboutLines: number;
}
