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

  it('is the same whatever way a number is written: 1.0 or 1, a fraction or its decimal to the last digit', () => {
    const run = '?scenario=constant-force&methods=euler,kinematic&dt=1&until=10&precision=f32';
    expect(experimentAddress(run.replace('dt=1', 'dt=1.0'))).toBe(experimentAddress(run));
    expect(experimentAddress(run.replace('until=10', 'until=1e1'))).toBe(experimentAddress(run));
    const sixtieth = '?scenario=two-springs&methods=kinematic&dt=1/60';
    expect(experimentAddress('?scenario=two-springs&methods=kinematic&dt=0.016666666666666666')).toBe(
      experimentAddress(sixtieth),
    );
    // A decimal that is not the fraction is another dt: another run.
    expect(experimentAddress('?scenario=two-springs&methods=kinematic&dt=0.0166667')).not.toBe(
      experimentAddress(sixtieth),
    );
  });

  it('leaves out what the page does not read, where told what it reads; takes no padded value for a number', () => {
    const reads = new Set(['scenario', 'methods', 'dt', 'until', 'precision', 'm']);
    const run = '?scenario=constant-force&methods=euler,kinematic&dt=1&until=10&precision=f32';
    // A sharing site's keys, and a typo the page ignores with a notice: the same run.
    expect(experimentAddress(`${run}&utm_source=x&fbclid=abc&dtt=3`, reads)).toBe(experimentAddress(run));
    // A key it reads is kept: another run.
    expect(experimentAddress(`${run}&m=2`, reads)).not.toBe(experimentAddress(run));
    // The core reads no number in a byte-order mark and 5 (JavaScript's trim would): no experiment's 5.
    expect(experimentAddress('?dt=%EF%BB%BF5')).not.toBe(experimentAddress('?dt=5'));
    expect(experimentAddress('?dt=1%EF%BB%BF/60')).not.toBe(experimentAddress('?dt=1/60'));
  });

  it('differs where the run does', () => {
    const run = '?scenario=spring&methods=euler&dt=0.1';
    expect(experimentAddress(`${run}&until=5`)).not.toBe(experimentAddress(run));
    expect(experimentAddress('?scenario=spring&methods=rk4&dt=0.1')).not.toBe(experimentAddress(run));
  });
});
