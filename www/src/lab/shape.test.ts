import { describe, expect, it } from 'vitest';
import { experimentAddress } from './shape';

describe('an experiment’s address', () => {
  it('is the same whatever the page’s look or the run’s speed, coordinate or details', () => {
    const run = '?scenario=two-springs&methods=kinematic,kinematic-average&dt=1/60&until=10800';
    expect(experimentAddress(`${run}&theme=dark&speed=2&coord=x1&details=kinematic`)).toBe(
      experimentAddress(run),
    );
    // The keys in any order, and a comma or a slash written raw or escaped.
    expect(
      experimentAddress('?dt=1/60&until=10800&methods=kinematic,kinematic-average&scenario=two-springs'),
    ).toBe(experimentAddress(run));
    expect(experimentAddress(run)).toBe(
      experimentAddress('?scenario=two-springs&methods=kinematic%2Ckinematic-average&dt=1%2F60&until=10800'),
    );
  });

  it('differs where the run does', () => {
    const run = '?scenario=spring&methods=euler&dt=0.1';
    expect(experimentAddress(`${run}&until=5`)).not.toBe(experimentAddress(run));
    expect(experimentAddress('?scenario=spring&methods=rk4&dt=0.1')).not.toBe(experimentAddress(run));
  });
});
