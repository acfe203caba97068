// What the build writes is read back before it is published (generator/extras/read-back.ts): a
// feed, sitemap, JSON file or nginx include that a reader of its format would refuse is a
// `written-file` diagnostic naming the file and the parser's reason, and is not written.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatDiagnostic } from '../../../generator/build/build.ts';
import { readBack, readBackProblem } from '../../../generator/extras/read-back.ts';

test('a feed with a character XML forbids, or not well-formed, does not read back', () => {
  assert.equal(
    readBackProblem('en/blog/rss.xml', '<rss version="2.0"><channel><title>A</title></channel></rss>'),
    undefined,
  );
  for (const bad of [
    '<rss><channel><title>A\u0001</title></channel></rss>',
    '<rss><channel><title>A\uFFFF</title></channel></rss>',
    '<rss><channel><title>A</channel></rss>',
    '<feed xmlns:x="urn:x"><y:z/></feed>',
    '<a/><b/>',
  ])
    assert.equal(readBackProblem('en/blog/rss.xml', bad)?.format, 'XML', JSON.stringify(bad));
  const shown = readBack('build', 'sitemap.xml', '<urlset><url>\u000B</url></urlset>');
  assert.match(formatDiagnostic(shown!), /^build\/sitemap\.xml {2}would not parse as XML \(.+\): it is not published/);
});

test('JSON and the nginx include are read back too; other files are not parsed', () => {
  assert.equal(readBackProblem('routes.json', '{"a": [1]}'), undefined);
  assert.equal(readBackProblem('routes.json', '{"a": [1}')?.format, 'JSON');
  const include = 'index index.html;\nlocation / {\n  add_header X "a \\" b" always;\n  # a comment; with {\n}\n';
  assert.equal(readBackProblem('nginx.conf', include), undefined);
  for (const bad of [
    'location / {\n  return 301 /x\n}\n',
    'location / {\n',
    'add_header X "open;\n',
    'add_header X "a\u0001b";\n',
    '}\n',
  ])
    assert.equal(readBackProblem('nginx.conf', bad)?.format, 'an nginx include', JSON.stringify(bad));
  assert.equal(readBackProblem('index.html', '<p>\u0001'), undefined);
});
