import { describe as group, expect, it } from 'vitest';
import { type CardExperiment, cardTags, describe, experimentPage, oembed, withCard } from './cards';

const EXPERIMENT: CardExperiment = {
  id: 'semi-implicit-order',
  query: 'scenario=spring&methods=euler,symplectic-euler&dt=0.01&until=1&views=scene,energy',
  title: 'Is semi-implicit Euler "second order"?',
  claim: 'The semi-implicit Euler technique is a second order method',
  look: 'Halve dt & see.',
  citation: 'True Physics',
  measured: 'Fitted order on the spring: symplectic Euler 1.002 <of 2>.',
};

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="description" content="The lab." />
    <title>Integrator Lab</title>
    <script type="module" src="./assets/index-abc.js"></script>
  </head>
  <body>
    <noscript><p class="noscript">The lab needs JavaScript.</p></noscript>
    <main><div id="current-experiment" class="current-experiment" hidden></div></main>
  </body>
</html>`;

group('link cards', () => {
  it('give an experiment its own page: the state it opens, its title and claim, absolute URLs with a site', () => {
    const page = experimentPage(INDEX, EXPERIMENT, 'https://lab.example/sub/', 'posters/semi-implicit-order-light.jpg');
    // Its scripts and links resolve from the site's root, where the lab's own are.
    expect(page).toContain('<head>\n    <base href="../" />');
    expect(page).toContain(`<meta name="lab-state" content="${EXPERIMENT.query.replaceAll('&', '&amp;')}" />`);
    expect(page).toContain('<title>Is semi-implicit Euler &quot;second order&quot;? · Integrator Lab</title>');
    expect(page).toContain('content="“The semi-implicit Euler technique is a second order method” (True Physics). Halve dt &amp; see."');
    expect(page).toContain('<meta property="og:url" content="https://lab.example/sub/x/semi-implicit-order.html" />');
    expect(page).toContain(
      '<meta property="og:image" content="https://lab.example/sub/posters/semi-implicit-order-light.jpg" />',
    );
    expect(page).toContain(
      '<link rel="alternate" type="application/json+oembed" href="https://lab.example/sub/oembed/semi-implicit-order.json"',
    );
    expect(page).toContain('<meta name="twitter:card" content="summary_large_image" />');
    // Without scripts, what the experiment is, after the page's note that the lab needs them.
    expect(page).toContain(
      '<noscript><p class="noscript">The lab needs JavaScript.</p></noscript>\n    <noscript><section class="noscript-experiment"><h2>Is semi-implicit Euler &quot;second order&quot;?</h2><blockquote>“The semi-implicit Euler technique is a second order method” (True Physics)</blockquote><p>Halve dt &amp; see.</p><img src="posters/semi-implicit-order-light.jpg" width="600" height="314" style="max-width: 100%; height: auto" alt="Is semi-implicit Euler &quot;second order&quot;?: the figure\'s first frame" /></section></noscript>',
    );
    // One head, one title, one description.
    expect(page.match(/<title>/g)).toHaveLength(1);
    expect(page.match(/name="description"/g)).toHaveLength(1);
  });

  it("carry the experiment's card above the views, measured and escaped, hidden until the page's code shows it", () => {
    const page = experimentPage(INDEX, EXPERIMENT, undefined, undefined);
    expect(page).toContain(
      '<div id="current-experiment" class="current-experiment" hidden><article class="experiment" data-experiment="semi-implicit-order"><p class="kicker">Experiment · True Physics</p><h3><a href="?scenario=spring&amp;methods=euler,symplectic-euler&amp;dt=0.01&amp;until=1&amp;views=scene,energy">Is semi-implicit Euler &quot;second order&quot;?</a></h3><details class="experiment-more" open><summary>What to look at, the claim, the measurement</summary><p>Halve dt &amp; see.</p><blockquote>“The semi-implicit Euler technique is a second order method”</blockquote><p class="measured">Measured by the lab: Fitted order on the spring: symplectic Euler 1.002 &lt;of 2&gt;.</p></details></article></div>',
    );
    expect(page.match(/<article/g)).toHaveLength(1);
  });

  it('leave out what needs an absolute address when the build has no SITE_URL', () => {
    const page = experimentPage(INDEX, EXPERIMENT, undefined, 'posters/semi-implicit-order-light.jpg');
    expect(page).toContain('property="og:title"');
    expect(page).toContain('property="og:description"');
    for (const absent of ['og:url', 'og:image', 'application/json+oembed']) expect(page).not.toContain(absent);
    expect(page).toContain('<meta name="twitter:card" content="summary" />');
  });

  it('write an oEmbed answer whose html is a bare iframe of the figure, sized for its views', () => {
    const answer = JSON.parse(oembed(EXPERIMENT, 'https://lab.example/', 'posters/generic-light.jpg'));
    expect(answer).toMatchObject({
      version: '1.0',
      type: 'rich',
      provider_name: 'Integrator Lab',
      width: 640,
      thumbnail_url: 'https://lab.example/posters/generic-light.jpg',
    });
    expect(answer.html).toMatch(/^<iframe src="https:\/\/lab\.example\/embed\.html\?scenario=spring&amp;methods=euler,symplectic-euler/);
    expect(answer.html).not.toContain('blockquote');
    expect(answer.height).toBeGreaterThan(300);
    expect(answer.html).toContain(`height="${answer.height}"`);
  });

  it('describe an experiment by its claim, its source and what to look at, and escape what they say', () => {
    expect(describe(EXPERIMENT)).toBe('“The semi-implicit Euler technique is a second order method” (True Physics). Halve dt & see.');
    // A long one is cut at a word, to what a card shows whole.
    const long = describe({ ...EXPERIMENT, look: 'Run it and look. '.repeat(20) });
    expect(long.length).toBeLessThanOrEqual(200);
    expect(long).toMatch(/[a-z.]…$/);
    expect(`${describe({ ...EXPERIMENT, look: '' })}${'Run it and look. '.repeat(20)}`).toContain(long.slice(0, -1));
    const tags = cardTags({ title: 'a "b" <c>', description: 'd', site: undefined, path: '', poster: undefined, oembed: undefined });
    expect(tags).toContain('content="a &quot;b&quot; &lt;c&gt;"');
    expect(withCard(INDEX, { title: 'T', description: 'D', site: undefined, path: '', poster: undefined, oembed: undefined })).toContain(
      '<title>T</title>',
    );
  });
});
