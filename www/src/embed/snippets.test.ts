import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOOK, figureHeight, figureReserve, type Look, parseLook } from '../ui/look';
import { corsHint, snippets } from './snippets';

describe('the embed snippets', () => {
  it('write the state and the views into the element and the iframe, escaped for HTML', () => {
    const { element, iframe } = snippets(
      'https://lab.example/tools/',
      '?scenario=kepler&methods=euler,rk4&dt=1/30&GM=2&theme=dark',
      { ...DEFAULT_LOOK, views: ['scene', 'phase'] },
      'Kepler "orbit"',
    );
    expect(element).toBe(
      [
        `<script type="module" src="https://lab.example/tools/embed.js" onerror="${corsHint('https://lab.example/tools/').replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')}"></script>`,
        `<integrator-lab query="scenario=kepler&amp;methods=euler,rk4&amp;dt=1/30&amp;GM=2&amp;views=scene,phase" poster="https://lab.example/tools/posters/generic" style="display: block; margin: 1rem 0; min-height: ${figureHeight({ views: ['scene', 'phase'], controls: 'minimal' })}px">`,
        '  <a href="https://lab.example/tools/?scenario=kepler&amp;methods=euler,rk4&amp;dt=1/30&amp;GM=2"><picture><source media="(prefers-color-scheme: dark)" srcset="https://lab.example/tools/posters/generic-dark.jpg" /><img src="https://lab.example/tools/posters/generic-light.jpg" width="600" height="314" style="max-width: 100%; height: auto" alt="Integrator Lab: methods stepped side by side on a spring" /></picture>',
        '  Kepler &quot;orbit&quot;, in Integrator Lab</a>',
        '</integrator-lab>',
      ].join('\n'),
    );
    expect(iframe).toBe(
      `<iframe src="https://lab.example/tools/embed.html?scenario=kepler&amp;methods=euler,rk4&amp;dt=1/30&amp;GM=2&amp;views=scene,phase" title="Kepler &quot;orbit&quot;" width="100%" height="${figureHeight({ views: ['scene', 'phase'], controls: 'minimal' }) + 40}" style="border: 0" loading="lazy"></iframe>`,
    );
  });
});

describe('the embed snippets with a look', () => {
  it("carry the controls, theme and sync name chosen, and drop the page's own theme", () => {
    const { element } = snippets(
      'https://lab.example/',
      '?scenario=spring&theme=dark',
      {
        views: ['x'],
        controls: 'none',
        theme: 'light',
        autoplay: 'click',
        sync: 'post',
        transparent: true,
        caption: 'A spring & its "energy"',
      },
      'Spring',
    );
    expect(element).toContain(
      'query="scenario=spring&amp;views=x&amp;controls=none&amp;theme=light&amp;autoplay=click&amp;sync=post&amp;bg=transparent&amp;title=A+spring+%26+its+%22energy%22"',
    );
  });
});

describe('the sample post', () => {
  it('reserves each figure its estimated height, so that the post does not move as the figures load', () => {
    const post = readFileSync(new URL('../../embed-demo.html', import.meta.url), 'utf8');
    const figures = [...post.matchAll(/<integrator-lab([^>]*)>/g)].map((m) => m[1] ?? '');
    expect(figures.length).toBe(5);
    for (const figure of figures) {
      const attributes = [...figure.matchAll(/([a-z-]+)="([^"]*)"/g)];
      const query = new URLSearchParams(
        attributes.find(([, name]) => name === 'query')?.[2]?.replaceAll('&amp;', '&') ?? '',
      );
      for (const [, name = '', value = ''] of attributes)
        if (!['query', 'poster', 'style'].includes(name)) query.set(name, value);
      const reserved = /min-height: ([^"]+)/.exec(figure)?.[1];
      expect(reserved, figure).toBe(figureReserve(parseLook(`?${query}`, false).look));
    }
  });
});

/** What a figure's height is estimated from. */
type FigureLook = Pick<Look, 'views' | 'controls'>;

describe('a figure’s reserved height', () => {
  it('grows on a phone’s width where every control is shown, by what was measured there, and only there', () => {
    const full: FigureLook = { views: ['scene', 'energy'], controls: 'full' };
    // The sample post's planet, measured loaded in Chromium: 1462 px at 390 px wide, 1613 at 340, 1847 at 300.
    expect(figureHeight(full)).toBe(1401);
    expect(figureHeight(full, 390)).toBeGreaterThanOrEqual(1462);
    expect(figureHeight(full, 340)).toBeGreaterThanOrEqual(1613);
    expect(figureHeight(full, 300)).toBeGreaterThanOrEqual(1847);
    expect(figureHeight(full, 300)).toBeLessThan(1847 * 1.1);
    expect(figureHeight(full, 800)).toBe(1401);
    // Fewer controls fit a phone in their estimate (a spring's figure with the minimal controls: 613 px at 300).
    const minimal: FigureLook = { views: ['scene', 'energy'], controls: 'minimal' };
    expect(figureHeight(minimal, 300)).toBe(figureHeight(minimal));
    expect(figureReserve(minimal)).toBe(`${figureHeight(minimal)}px`);
    expect(figureReserve(full)).toBe('max(1401px, calc(1401px + (450px - 100vw) * 4.3))');
  });
});
