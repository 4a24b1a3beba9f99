import { describe, expect, it } from 'vitest';
import { DEFAULT_LOOK, figureHeight, lookQuery, parseLook, resolveTheme } from './look';

describe("an embedded figure's look", () => {
  it('defaults to the scene and the energy, minimal controls, playing when seen', () => {
    expect(parseLook('?scenario=spring', false)).toEqual({ look: DEFAULT_LOOK, notices: [] });
  });

  it('reads every key and writes back only what differs from the defaults', () => {
    const { look, notices } = parseLook(
      '?views=scene,phase,table&controls=none&theme=dark&autoplay=click&sync=post-1&bg=transparent&title=Two+springs',
      false,
    );
    expect(notices).toEqual([]);
    expect(look).toEqual({
      views: ['scene', 'phase', 'table'],
      controls: 'none',
      theme: 'dark',
      autoplay: 'click',
      sync: 'post-1',
      transparent: true,
      caption: 'Two springs',
    });
    expect(lookQuery(look)).toBe(
      '&views=scene,phase,table&controls=none&theme=dark&autoplay=click&sync=post-1&bg=transparent&title=Two+springs',
    );
    expect(parseLook(lookQuery(look).replace('&', '?'), false).look).toEqual(look);
    expect(lookQuery(DEFAULT_LOOK)).toBe('');
    expect(lookQuery(look, ['theme'])).toBe('&theme=dark');
  });

  it('names each value it ignores and keeps the default', () => {
    const { look, notices } = parseLook(
      `?views=scene,graph&controls=some&theme=blue&autoplay=now&sync=a b&bg=red&title=${'x'.repeat(121)}`,
      false,
    );
    expect(look).toEqual({ ...DEFAULT_LOOK, views: ['scene'] });
    expect(notices).toEqual([
      "Ignored view 'graph': the views are scene, x, phase, omega, energy, invariants, qnorm, split, error, separation, table, convergence, stability.",
      'Ignored controls=some: must be full, minimal, none.',
      'Ignored theme=blue: must be light, dark, auto.',
      'Ignored autoplay=now: must be visible, click.',
      "Ignored sync=a b: a sync name is up to 40 letters, digits, '-' or '_'.",
      'Ignored bg=red: the one background a figure takes is transparent.',
      'Ignored title=: a caption is at most 120 characters.',
    ]);
  });

  it('waits for a click when the reader prefers reduced motion, whatever the link says', () => {
    expect(parseLook('?autoplay=visible', true).look.autoplay).toBe('click');
  });

  it('resolves auto from the system setting', () => {
    expect(resolveTheme('auto', true)).toBe('dark');
    expect(resolveTheme('auto', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
  });
});

describe("a figure's height, estimated", () => {
  it('grows with its views and controls', () => {
    const base = figureHeight(DEFAULT_LOOK);
    expect(base).toBeGreaterThan(650);
    expect(base).toBeLessThan(760);
    expect(figureHeight({ views: ['scene', 'phase', 'error'], controls: 'minimal' })).toBeGreaterThan(
      base + 250,
    );
    expect(figureHeight({ views: ['scene', 'energy'], controls: 'full' })).toBeGreaterThan(base + 600);
    expect(figureHeight({ views: ['scene'], controls: 'none' })).toBeLessThan(base - 300);
  });
});
