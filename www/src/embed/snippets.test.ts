import { describe, expect, it } from 'vitest';
import { DEFAULT_LOOK, figureHeight } from '../ui/look';
import { snippets } from './snippets';

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
        '<script type="module" src="https://lab.example/tools/embed.js"></script>',
        '<integrator-lab query="scenario=kepler&amp;methods=euler,rk4&amp;dt=1/30&amp;GM=2&amp;views=scene,phase">',
        '  <a href="https://lab.example/tools/?scenario=kepler&amp;methods=euler,rk4&amp;dt=1/30&amp;GM=2">Kepler &quot;orbit&quot;, in Integrator Lab</a>',
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
      { views: ['x'], controls: 'none', theme: 'light', autoplay: 'visible', sync: 'post' },
      'Spring',
    );
    expect(element).toContain(
      'query="scenario=spring&amp;views=x&amp;controls=none&amp;theme=light&amp;sync=post"',
    );
  });
});
