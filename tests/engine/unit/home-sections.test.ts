// The sections of a home or landing page: split and read from the syntax tree in the Markdown stage
// (generator/markdown/body-sections.ts), their links resolved by the render stage as in the body, and laid
// out by the built-in theme from their shape (theme/home/sections.ts).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseSource } from '../../../generator/parse/parse.ts';
import { resolveSections } from '../../../generator/render/render.ts';
import type { ParsedDocument } from '../../../generator/types.ts';
import { type LaidOutSection, layOut, leadsAsTitles } from '../../../theme/home/sections.ts';
import { config, labelsOf, markdownFile, source } from './factories.ts';

const HOME = `We run your servers. See [our services](/services/).

## How we work

1. **Talk** – tell us what you run.
2. **Plan.** we propose an architecture.

## Quickstart

Pick one:

| Offer | What it covers | Price |
|---|---|---|
| [Health check](/services/check/) | A *review* of your servers | from €1,200 |
| Handover | A plan | custom quote |

All prices are net.

## Who we work for

Two offers.

### Agencies

Client projects on [one platform](/solutions/agency/#prices).

### Companies

Your [software](https://example.org/), run for you.

## Why us

- **Daily backups** – kept in a second location.
- No lock-in

## Also included

- Monitoring

## In short

Just text.

## Let's talk

[Book an appointment](/contact/) today.
`;

/** What the render stage resolved the document's internal links to (graph.links). */
const RESOLVED: Record<number, string> = {
  0: '/en/services/',
  1: '/en/services/check/',
  2: '/en/solutions/agency/#prices',
  3: '/en/contact/',
};

function parsed(path: string, body: string, fm: Record<string, string> = {}): ParsedDocument {
  const doc = parseSource(source('en', path, markdownFile(body, { title: 'Home', ...fm })), 'doc', labelsOf('en')).doc;
  assert.ok(doc);
  return doc;
}

const heading = (level: 2 | 3, id: string, text: string) =>
  `<h${level} id="${id}">${text}<a class="hash-link" aria-label="Direct link to this section" href="#${id}">#</a></h${level}>`;

test('a home page is split into the sections a visitor sees, each laid out by its shape', () => {
  const doc = parsed('index', HOME);
  const sections = layOut(resolveSections(doc.sections, doc.html, RESOLVED, config));
  assert.deepEqual(
    sections.map((s) => [s.kind, s.headingId]),
    [
      ['intro', undefined],
      ['steps', 'how-we-work'],
      ['offers', 'quickstart'],
      ['columns', 'who-we-work-for'],
      ['features', 'why-us'],
      ['checklist', 'also-included'],
      ['prose', 'in-short'],
      ['cta', 'lets-talk'],
    ],
  );
  const [intro, steps, offers, columns, features, checklist, prose, cta] = sections as [
    LaidOutSection,
    ...LaidOutSection[],
  ];
  assert.deepEqual(intro, {
    kind: 'intro',
    html: '<p>We run your servers. See <a href="/en/services/">our services</a>.</p>\n',
  });
  // List leads become titles: no dash or full stop after them, the text capitalised.
  assert.deepEqual(steps, {
    kind: 'steps',
    headingId: 'how-we-work',
    html: `${heading(2, 'how-we-work', 'How we work')}\n<ol>\n<li><strong class="item-title">Talk</strong> Tell us what you run.</li>\n<li><strong class="item-title">Plan</strong> We propose an architecture.</li>\n</ol>\n`,
  });
  assert.deepEqual(offers, {
    kind: 'offers',
    headingId: 'quickstart',
    before: `${heading(2, 'quickstart', 'Quickstart')}\n<p>Pick one:</p>\n`,
    rows: [
      {
        name: '<a href="/en/services/check/">Health check</a>',
        text: 'A <em>review</em> of your servers',
        price: 'from €1,200',
        links: ['/en/services/check/'],
      },
      { name: 'Handover', text: 'A plan', price: 'custom quote', links: [] },
    ],
    // The header cells go with the rows: a card made of a row names the column of each value.
    head: { name: 'Offer', text: 'What it covers', price: 'Price' },
    after: '\n<p>All prices are net.</p>\n',
  });
  assert.deepEqual(columns, {
    kind: 'columns',
    headingId: 'who-we-work-for',
    lead: `${heading(2, 'who-we-work-for', 'Who we work for')}\n<p>Two offers.</p>\n`,
    columns: [
      {
        html: `${heading(3, 'agencies', 'Agencies')}\n<p>Client projects on <a href="/en/solutions/agency/#prices">one platform</a>.</p>\n`,
        links: ['/en/solutions/agency/'],
      },
      {
        html: `${heading(3, 'companies', 'Companies')}\n<p>Your <a href="https://example.org/" rel="noopener">software</a>, run for you.</p>\n`,
        links: ['https://example.org/'],
      },
    ],
  });
  assert.ok(
    features.kind === 'features' &&
      features.html.includes(
        '<li><strong class="item-title">Daily backups</strong> Kept in a second location.</li>\n<li>No lock-in</li>',
      ),
  );
  assert.ok(checklist.kind === 'checklist' && checklist.html.includes('<li>Monitoring</li>'));
  assert.ok(prose.kind === 'prose' && prose.html.endsWith('<p>Just text.</p>\n'));
  assert.deepEqual(cta, {
    kind: 'cta',
    headingId: 'lets-talk',
    html: `${heading(2, 'lets-talk', "Let's talk")}\n<p><a href="/en/contact/">Book an appointment</a> today.</p>`,
  });
  // The body itself keeps the list leads as written, for the page's Markdown twin and search.
  assert.match(doc.html, /<li><strong>Talk<\/strong> – tell us what you run\.<\/li>/);
});

test('only pages that can be laid out by their sections get them: the home page and section indexes', () => {
  assert.ok(parsed('services/index', HOME).sections);
  assert.equal(parsed('services/databases/postgresql', HOME).sections, undefined);
  assert.equal(parsed('services/databases/index', HOME).sections, undefined);
  assert.ok(
    parsed('services/overview', HOME, { slug: '/' }).sections,
    'a slug that makes the page its section’s index',
  );
  assert.equal(
    parsed('services/overview', HOME, { slug: 'all' }).sections,
    undefined,
    'a slug that keeps the page below its index',
  );
});

test('a body without sections of its own is shown whole; footnotes and the truncate marker do not make sections', () => {
  const doc = parsed('index', 'Intro.\n\n<!-- truncate -->\n\n## Notes\n\nA claim.[^1]\n\n[^1]: Source.\n');
  const sections = layOut(resolveSections(doc.sections, doc.html, {}, config));
  assert.deepEqual(
    sections.map((s) => s.kind),
    ['intro', 'cta', 'prose'],
  );
  assert.ok(sections.every((s) => !('html' in s) || !s.html.includes('data-site-truncate')));
  assert.match((sections[2] as { html: string }).html, /^<section data-footnotes/);
  assert.deepEqual(layOut(resolveSections(undefined, '<p>Body.</p>', {}, config)), [
    { kind: 'prose', html: '<p>Body.</p>' },
  ]);
  assert.deepEqual(resolveSections(undefined, '', {}, config), []);
});

test("the engine gives a theme each part with its blocks' HTML and shape, and no kind of its own", () => {
  const doc = parsed('index', HOME);
  const [intro, steps, offers] = resolveSections(doc.sections, doc.html, RESOLVED, config);
  assert.deepEqual(
    resolveSections(doc.sections, doc.html, RESOLVED, config).map((s) => [s.part, s.heading?.id, s.heading?.text]),
    [
      ['intro', undefined, undefined],
      ['section', 'how-we-work', 'How we work'],
      ['section', 'quickstart', 'Quickstart'],
      ['section', 'who-we-work-for', 'Who we work for'],
      ['section', 'why-us', 'Why us'],
      ['section', 'also-included', 'Also included'],
      ['section', 'in-short', 'In short'],
      ['section', 'lets-talk', "Let's talk"],
    ],
  );
  assert.equal(intro.heading, undefined);
  assert.ok(!('kind' in steps), "no marketing kind in the engine's data");
  // The list leads as written: laying them out as titles is the theme's.
  assert.deepEqual(
    steps.blocks.map((b) => [b.tag, b.contains]),
    [
      ['h2', ['h2', 'a']],
      [undefined, []],
      ['ol', ['ol', 'li', 'strong']],
      [undefined, []],
    ],
  );
  assert.match(steps.blocks[2].html, /<li><strong>Talk<\/strong> – tell us what you run\.<\/li>/);
  const table = offers.blocks.find((b) => b.tag === 'table');
  assert.deepEqual(table?.rows?.[0], [
    { html: '<a href="/en/services/check/">Health check</a>', links: ['/en/services/check/'] },
    { html: 'A <em>review</em> of your servers', links: [] },
    { html: 'from €1,200', links: [] },
  ]);
  assert.equal(
    offers.blocks.map((b) => b.html).join(''),
    `${heading(2, 'quickstart', 'Quickstart')}\n<p>Pick one:</p>\n${table!.html}\n<p>All prices are net.</p>\n`,
  );
});

test("a list item's bold lead becomes its title only when written as a lead", () => {
  assert.equal(leadsAsTitles('<li><strong>Lead.</strong></li>'), '<li><strong class="item-title">Lead</strong> </li>');
  assert.equal(
    leadsAsTitles('<li><strong>Lead.</strong><code>x</code></li>'),
    '<li><strong class="item-title">Lead</strong> <code>x</code></li>',
  );
  assert.equal(
    leadsAsTitles('<li><strong>A <em>b</em>.</strong> c</li>'),
    '<li><strong class="item-title">A <em>b</em></strong> C</li>',
  );
  assert.equal(
    leadsAsTitles('<li><strong>Lead</strong> — über</li>'),
    '<li><strong class="item-title">Lead</strong> Über</li>',
  );
  for (const asWritten of [
    '<li><strong>No stop</strong> plain</li>',
    '<li class="task-list-item"><strong>A.</strong> b</li>',
    '<li><strong class="x">A.</strong> b</li>',
    '<li>A. <strong>b.</strong> c</li>',
  ]) {
    assert.equal(leadsAsTitles(asWritten), asWritten);
  }
});
