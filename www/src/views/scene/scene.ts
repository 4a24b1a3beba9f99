// The animated scene of each scenario, drawn from the states the core computed: springs and masses, a ball
// and its trail, orbits, pendulums, the chain. The core says which kind of picture a scenario is (its
// SceneInfo); nothing here knows a scenario by its id. Pure drawing: (canvas, input) → pixels.

import { bodies } from './body';
import type { SceneInput } from './parts';
import { lander, pendulums, plane } from './plane';
import { rows } from './rows';

export type { SceneInput, SceneTrack } from './parts';

/** Draws the picture the scenario's scene kind names; a kind this page does not know is drawn as rows of
 * blocks at the first coordinate, so a new scenario always shows something. */
export function drawScene(canvas: HTMLCanvasElement, input: SceneInput): void {
  switch (input.scene.kind) {
    case 'spring':
      rows(canvas, input, 'spring');
      break;
    case 'chain':
      rows(canvas, input, 'chain');
      break;
    case 'ground':
      plane(canvas, input, true, false);
      break;
    case 'orbit':
      plane(canvas, input, false, true);
      break;
    case 'lander':
      lander(canvas, input);
      break;
    case 'pendulum':
      pendulums(canvas, input);
      break;
    case 'body':
      bodies(canvas, input, false);
      break;
    case 'top':
      bodies(canvas, input, true);
      break;
    default:
      rows(canvas, input, 'block');
  }
}
