// Blog-style sections: posts by date, paginated lists, archive, tags, authors, reading time,
// the sidebar by year and the feed.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  type BlogSectionInput,
  buildBlogSection,
  readingMinutes,
  WORDS_PER_MINUTE,
} from '../../../generator/graph/blog.ts';
import type {
  ArchivePage,
  AuthorsPage,
  Page,
  PostListPage,
  PostPage,
  SidebarItem,
  TagsPage,
} from '../../../generator/types.ts';
import { author, category, config, heading, messages, post, tag } from './factories.ts';

const posts = [
  post('blog/a', '2025-03-01', { tags: ['ops', 'db'], authors: ['anna'] }, 'en'),
  { ...post('blog/b', '2025-06-01', { tags: ['ops'], authors: ['anna', 'ben'] }, 'en'), words: 5 * WORDS_PER_MINUTE },
  post('blog/c', '2024-12-24', { tags: ['db'], authors: ['ben'] }, 'en'),
  post('blog/d', '2024-01-10', { tags: ['ops', 'undeclared'], authors: ['anna'] }, 'en'),
  post('blog/e', '2025-05-01', { tags: ['secret'], authors: ['carl'], unlisted: true }, 'en'),
  // Same date as b: the file name decides.
  post('blog/f', '2025-06-01', {}, 'en'),
];

function section(overrides: Partial<BlogSectionInput> = {}) {
  return buildBlogSection({
    config,
    locale: 'en',
    section: 'blog',
    postsPerPage: 2,
    feeds: true,
    posts,
    t: messages.en.blog,
    authors: {
      anna: author('anna', 'Anna Berger'),
      ben: author('ben', 'Ben Huber'),
      carl: author('carl', 'Carl Mayr'),
    },
    tags: { ops: tag('ops'), db: tag('db'), secret: tag('secret') },
    ...overrides,
  });
}

const LISTED = ['/en/blog/b/', '/en/blog/f/', '/en/blog/a/', '/en/blog/c/', '/en/blog/d/'];

function find<K extends Page['kind']>(pages: Page[], route: string, kind: K): Extract<Page, { kind: K }> {
  const page = pages.find((p) => p.route === route);
  assert.ok(page, `no page at ${route}`);
  assert.equal(page.kind, kind);
  return page as Extract<Page, { kind: K }>;
}

test('the post list is newest first, paginated by postsPerPage, and leaves unlisted posts out', () => {
  const { pages } = section();
  const lists = pages.filter((p): p is PostListPage => p.kind === 'post-list' && !p.tag && !p.author);
  assert.deepEqual(
    lists.map((l) => [l.route, l.page, l.pageCount, l.posts]),
    [
      ['/en/blog/', 1, 3, LISTED.slice(0, 2)],
      ['/en/blog/page/2/', 2, 3, LISTED.slice(2, 4)],
      ['/en/blog/page/3/', 3, 3, LISTED.slice(4)],
    ],
  );
  assert.deepEqual(
    lists.map((l) => l.title),
    ['Blog', 'Blog (Page 2 of 3)', 'Blog (Page 3 of 3)'],
  );
  assert.ok(lists.every((l) => l.base === '/en/blog/' && l.sidebar === 'en:blog'));
  assert.deepEqual(
    lists[1].deps,
    ['content/en/blog/a.md', 'content/en/blog/c.md'],
    'a list depends on the posts it shows',
  );
});

test('a section without posts still has its first list page', () => {
  const { pages } = section({ posts: [] });
  const list = find(pages, '/en/blog/', 'post-list');
  assert.deepEqual([list.posts, list.pageCount], [[], 1]);
});

test('every post, unlisted too, gets a page; newer and older skip unlisted posts', () => {
  const { pages } = section();
  const neighbours = (route: string) => {
    const p = find(pages, route, 'post');
    return [p.newer, p.older];
  };
  assert.deepEqual(neighbours('/en/blog/b/'), [undefined, '/en/blog/f/']);
  assert.deepEqual(neighbours('/en/blog/f/'), ['/en/blog/b/', '/en/blog/a/']);
  assert.deepEqual(neighbours('/en/blog/d/'), ['/en/blog/c/', undefined]);
  const hidden = find(pages, '/en/blog/e/', 'post');
  assert.deepEqual([hidden.newer, hidden.older, hidden.unlisted, hidden.noindex], [undefined, undefined, true, true]);
});

test('post pages carry date, authors, tags, reading time and their table of contents', () => {
  const withHeadings = {
    ...post('blog/h', '2023-02-02', { tags: ['ops'] }, 'en'),
    headings: [heading(2, 'Why'), heading(3, 'How'), heading(4, 'Detail')],
  };
  const { pages } = section({ posts: [...posts, withHeadings] });
  const b = find(pages, '/en/blog/b/', 'post');
  assert.deepEqual([b.date, b.authors, b.tags, b.readingMinutes], ['2025-06-01', ['anna', 'ben'], ['ops'], 5]);
  assert.equal(b.key, '/blog/b/');
  assert.deepEqual(
    find(pages, '/en/blog/h/', 'post').toc.map((t) => t.id),
    ['why', 'how'],
  );
});

test('reading time: words / WORDS_PER_MINUTE, rounded, at least one minute', () => {
  assert.equal(WORDS_PER_MINUTE, 200);
  assert.equal(readingMinutes(0), 1);
  assert.equal(readingMinutes(WORDS_PER_MINUTE * 0.4), 1);
  assert.equal(readingMinutes(WORDS_PER_MINUTE * 3), 3);
  assert.equal(readingMinutes(WORDS_PER_MINUTE * 3.4), 3);
  assert.equal(readingMinutes(WORDS_PER_MINUTE * 3.6), 4);
});

test('the archive lists every listed post, newest first', () => {
  const archive: ArchivePage = find(section().pages, '/en/blog/archive/', 'archive');
  assert.deepEqual(archive.posts, LISTED);
  assert.equal(archive.title, 'Archive | Blog');
});

test('tags: an index with counts of declared tags, and a paginated list per tag', () => {
  const { pages } = section();
  const index: TagsPage = find(pages, '/en/blog/tags/', 'tags');
  assert.deepEqual(
    index.tags,
    [
      { id: 'db', route: '/en/blog/tags/db/', count: 2 },
      { id: 'ops', route: '/en/blog/tags/ops/', count: 3 },
    ],
    'sorted by id; "undeclared" has no page; "secret" is only on an unlisted post',
  );
  const ops1 = find(pages, '/en/blog/tags/ops/', 'post-list');
  const ops2 = find(pages, '/en/blog/tags/ops/page/2/', 'post-list');
  assert.deepEqual([ops1.posts, ops2.posts], [['/en/blog/b/', '/en/blog/a/'], ['/en/blog/d/']]);
  assert.deepEqual([ops1.tag, ops1.base, ops1.pageCount], ['ops', '/en/blog/tags/ops/', 2]);
  assert.equal(ops1.title, '3 posts tagged "ops (en)"');
  assert.equal(ops1.description, 'About ops.');
  assert.ok(
    !pages.some((p) => p.route.startsWith('/en/blog/tags/secret/') || p.route.startsWith('/en/blog/tags/undeclared/')),
  );
});

test('a tag with one post is titled in the singular', () => {
  const { pages } = section({ posts: [post('blog/x', '2025-01-01', { tags: ['db'] }, 'en')] });
  assert.equal(find(pages, '/en/blog/tags/db/', 'post-list').title, 'One post tagged "db (en)"');
});

test('authors: an index with counts, and a list per author of listed posts', () => {
  const { pages } = section();
  const index: AuthorsPage = find(pages, '/en/blog/authors/', 'authors');
  assert.deepEqual(index.authors, [
    { id: 'anna', route: '/en/blog/authors/anna/', count: 4 },
    { id: 'ben', route: '/en/blog/authors/ben/', count: 2 },
  ]);
  const ben = find(pages, '/en/blog/authors/ben/', 'post-list');
  assert.deepEqual(
    [ben.posts, ben.author, ben.title, ben.description],
    [['/en/blog/b/', '/en/blog/c/'], 'ben', 'Posts by Ben Huber', 'Ben Huber writes.'],
  );
  assert.ok(!pages.some((p) => p.route.startsWith('/en/blog/authors/carl/')), 'carl wrote only an unlisted post');
});

test('the sidebar groups listed posts by year, newest year first', () => {
  const { sidebar, sidebarId } = section();
  assert.equal(sidebarId, 'en:blog');
  const years = sidebar as Extract<SidebarItem, { type: 'category' }>[];
  assert.deepEqual(
    years.map((y) => [y.label, y.collapsed, y.route, y.items.map((i) => i.route)]),
    [
      ['2025', false, undefined, ['/en/blog/b/', '/en/blog/f/', '/en/blog/a/']],
      ['2024', false, undefined, ['/en/blog/c/', '/en/blog/d/']],
    ],
  );
});

test('the sidebar lists only the newest posts when the section says how many; the archive has the rest', () => {
  const { sidebar, pages } = section({ sidebarCount: 4 });
  const years = sidebar as Extract<SidebarItem, { type: 'category' }>[];
  assert.deepEqual(
    years.map((y) => [y.label, y.items.map((i) => i.route)]),
    [
      ['2025', ['/en/blog/b/', '/en/blog/f/', '/en/blog/a/']],
      ['2024', ['/en/blog/c/']],
    ],
  );
  assert.ok(pages.some((p) => p.route === '/en/blog/archive/'));
});

test('the feed holds the newest 20 listed posts, and none when feeds are off', () => {
  const { feed } = section();
  assert.deepEqual(feed, {
    section: 'blog',
    locale: 'en',
    title: 'Blog',
    description: '',
    rss: '/en/blog/rss.xml',
    atom: '/en/blog/atom.xml',
    posts: LISTED,
  });
  const many = Array.from({ length: 25 }, (_, i) =>
    post(`blog/p${String(i).padStart(2, '0')}`, `2020-01-${String(i + 1).padStart(2, '0')}`, {}, 'en'),
  );
  const big = section({ posts: many }).feed!;
  assert.equal(big.posts.length, 20);
  assert.equal(big.posts[0], '/en/blog/p24/');
  assert.equal(section({ feeds: false }).feed, undefined);
});

test('the default locale has no prefix and German titles', () => {
  const { pages } = section({
    locale: 'de',
    t: messages.de.blog,
    posts: [post('blog/x', '2025-01-01', { tags: ['db'] })],
  });
  assert.equal(find(pages, '/blog/', 'post-list').title, 'Blog');
  assert.equal(find(pages, '/blog/archive/', 'archive').title, 'Archiv | Blog');
  const x: PostPage = find(pages, '/blog/x/', 'post');
  assert.equal(x.sidebar, 'de:blog');
  assert.ok(pages.every((p) => p.locale === 'de' && !p.route.startsWith('/en/')));
});

test("a section's title and description come from its folder's _category.yml, not from the engine", () => {
  const { pages, feed } = section({
    section: 'case-studies',
    posts: [],
    category: category('case-studies', { label: 'Field Reports', description: 'How it went.' }),
  });
  assert.equal(find(pages, '/en/case-studies/', 'post-list').title, 'Field Reports');
  assert.equal(find(pages, '/en/case-studies/', 'post-list').description, 'How it went.');
  assert.equal(find(pages, '/en/case-studies/archive/', 'archive').title, 'Archive | Field Reports');
  assert.deepEqual([feed!.title, feed!.description], ['Field Reports', 'How it went.']);
  // Without one, the folder's name stands in, readable.
  assert.equal(
    find(section({ section: 'case-studies', posts: [] }).pages, '/en/case-studies/', 'post-list').title,
    'Case studies',
  );
});
