// The synthetic site of `npm run bench` and `npm run bench:floor`: N docs pages per locale in
// nested folders and N/5 blog posts per locale, 400 to 1,200 words each, with headings, lists, a
// table, a code block and links to other pages. Deterministic: every run writes the same tree.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const LOCALES = ['de', 'en'] as const;
const TAGS = Array.from({ length: 20 }, (_, i) => `topic-${i}`);
const AUTHORS = ['ada', 'grace', 'linus'];
const WORDS = (
  'server cluster backup restore network storage volume container image registry pipeline deploy release rollback ' +
  'monitoring alert metric log trace latency throughput capacity database replica primary index query schema ' +
  'migration upgrade patch kernel firewall tunnel certificate domain record cache proxy balancer bucket object ' +
  'team customer agency project budget contract support incident review runbook handover documentation the a ' +
  'and of to in for with on by from that this is are was be will can should must when while after before each'
).split(' ');

/** A small deterministic generator, so every run builds the same tree. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function docPath(i: number): string {
  return `docs/g${Math.floor(i / 100)}/s${Math.floor(i / 10) % 10}/p${i}`;
}

function sentence(rnd: () => number, words: number): string {
  const out = Array.from({ length: words }, () => WORDS[Math.floor(rnd() * WORDS.length)]);
  out[0] = out[0][0].toUpperCase() + out[0].slice(1);
  return `${out.join(' ')}.`;
}

/** A body of about `words` words with every construct the issue asks for. */
function body(rnd: () => number, words: number, links: string[]): string {
  const parts: string[] = [];
  let count = 0;
  const paragraph = () => {
    const n = 40 + Math.floor(rnd() * 40);
    count += n;
    let text = Array.from({ length: Math.ceil(n / 10) }, () => sentence(rnd, 10)).join(' ');
    if (links.length && rnd() < 0.5) text += ` See [the related page](${links[Math.floor(rnd() * links.length)]}).`;
    parts.push(text);
  };
  parts.push('## Overview');
  paragraph();
  parts.push('- first point of the list\n- second point with `inline code`\n- third point, **important**');
  parts.push(
    '| Setting | Default | Note |\n| --- | --- | --- |\n| replicas | 2 | one per zone |\n| backups | daily | kept 30 days |',
  );
  parts.push('```ts\nexport function retry(times: number): number {\n  return Math.min(times * 2, 60);\n}\n```');
  let section = 1;
  while (count < words) {
    parts.push(section % 3 === 0 ? `### Detail ${section}` : `## Section ${section}`);
    paragraph();
    paragraph();
    section++;
  }
  parts.push(`Further reading: ${links.map((l, i) => `[link ${i + 1}](${l})`).join(', ')}.`);
  return parts.join('\n\n');
}

function relativeLink(from: string, to: string): string {
  return `${path.posix.relative(path.posix.dirname(from), to)}.md`;
}

export function write(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** Writes the synthetic site of size `n` under `root`: its config, logo, authors, tags and content. */
export function generate(root: string, n: number): void {
  const posts = Math.floor(n / 5);
  write(
    path.join(root, 'config', 'site.config.ts'),
    `export default {
  title: 'Bench', url: 'https://bench.example', baseUrl: '/', defaultLocale: 'de',
  locales: { de: { label: 'Deutsch', htmlLang: 'de', path: '' }, en: { label: 'English', htmlLang: 'en', path: 'en' } },
  sections: [{ id: 'docs', kind: 'docs' }, { id: 'blog', kind: 'blog', postsPerPage: 10 }],
  navbar: { logo: { src: '/img/logo.svg', width: 34, height: 34 }, items: [{ label: 'Services', to: '/docs/' }, { label: 'Blog', to: '/blog/' }] },
  footer: { groups: [{ title: 'Company', items: [{ to: '/docs/' }, { to: '/blog/' }] }] },
  redirects: [],
  contact: { email: 'hello@bench.example', phone: '+43 1 000', endpoint: '/api/contact', terms: '/docs/', privacy: '/docs/' },
  favicon: '/img/logo.svg',
  customFields: { version: 'v0.0.0' },
};
`,
  );
  write(
    path.join(root, 'public', 'img', 'logo.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="34" height="34"><rect width="34" height="34"/></svg>',
  );
  write(
    path.join(root, 'content', 'authors.yml'),
    AUTHORS.map(
      (a) =>
        `${a}:\n  name: ${a[0].toUpperCase()}${a.slice(1)}\n  title: { de: Technik, en: Engineering }\n  bio: { de: Schreibt über Betrieb., en: Writes about operations. }\n`,
    ).join(''),
  );
  write(
    path.join(root, 'content', 'tags.yml'),
    TAGS.map(
      (t) =>
        `${t}:\n  label: { de: ${t}, en: ${t} }\n  description: { de: Beiträge zu ${t}., en: Posts about ${t}. }\n`,
    ).join(''),
  );
  for (const locale of LOCALES) {
    const dir = path.join(root, 'content', locale);
    const rnd = random(n);
    write(
      path.join(dir, 'index.md'),
      '---\ntitle: Bench\ndescription: A synthetic site for the benchmark.\n---\n\nWelcome. Read the [docs](/docs/).\n',
    );
    write(path.join(dir, 'contact.md'), '---\ntitle: Contact\ndescription: Write to us.\n---\n\nWrite to us.\n');
    write(
      path.join(dir, 'docs', 'index.md'),
      '---\ntitle: Docs\ndescription: All pages.\n---\n\nStart with [the first page](g0/s0/p0.md).\n',
    );
    for (let g = 0; g * 100 < n; g++) {
      write(
        path.join(dir, 'docs', `g${g}`, '_category.yml'),
        `label: Group ${g}\nposition: ${g + 1}\ncollapsed: true\n`,
      );
      for (let s = 0; s < 10 && g * 100 + s * 10 < n; s++) {
        write(
          path.join(dir, 'docs', `g${g}`, `s${s}`, '_category.yml'),
          `label: Part ${g}.${s}\nposition: ${s + 1}\ncollapsed: true\n`,
        );
      }
    }
    for (let i = 0; i < n; i++) {
      const self = docPath(i);
      const targets = [docPath((i + 1) % n), docPath((i * 7 + 3) % n), docPath((i * 13 + 11) % n)];
      const links = targets.map((t) => relativeLink(self, t));
      links.push(`${relativeLink(self, docPath((i + 2) % n))}#overview`);
      const words = 400 + Math.floor(rnd() * 800);
      write(
        path.join(dir, `${self}.md`),
        `---\ntitle: Page ${i}\ndescription: Synthetic page ${i} of the benchmark site.\nsidebar_position: ${(i % 10) + 1}\n---\n\n${body(rnd, words, links)}\n`,
      );
    }
    for (let j = 0; j < posts; j++) {
      const date = new Date(Date.UTC(2020, 0, 1) + j * 86_400_000).toISOString().slice(0, 10);
      const tags = [TAGS[j % TAGS.length], TAGS[(j * 3 + 1) % TAGS.length]].filter((t, k, all) => all.indexOf(t) === k);
      const links = [
        `/docs/${docPath(j % n).slice('docs/'.length)}/`,
        relativeLink(`blog/post-${j}`, `blog/post-${(j + 1) % posts}`),
      ];
      const words = 400 + Math.floor(rnd() * 800);
      write(
        path.join(dir, 'blog', `post-${j}.md`),
        `---\ntitle: Post ${j}\ndescription: Synthetic post ${j}.\ndate: ${date}\nauthors: [${AUTHORS[j % AUTHORS.length]}]\ntags: [${tags.join(', ')}]\n---\n\n${body(rnd, words, links)}\n`,
      );
    }
  }
}
