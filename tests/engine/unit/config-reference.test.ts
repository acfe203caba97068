// docs/config.md is the config reference the config errors point at: it must list every key the
// schema has, as the schema has it. UPDATE=1 writes it anew from the schema.

import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { CONFIG_REFERENCE } from '../../../generator/config/config.ts';
import { configReference } from '../../../generator/config/config-reference.ts';
import { optionsSchema } from '../../../theme/options.ts';
import { REPO } from '../../helpers.ts';

const FILE = path.join(REPO, CONFIG_REFERENCE);

test("docs/config.md lists every key of the config schema with its type and default, and the built-in theme's options apart", () => {
  const written = configReference({ name: 'built-in theme', schema: optionsSchema });
  if (process.env.UPDATE === '1') writeFileSync(FILE, written);
  assert.equal(readFileSync(FILE, 'utf8'), written, 'docs/config.md is out of date: run with UPDATE=1 and commit it');
  // What a reader looks up most: a nested key with its default, an option list, a required key.
  assert.match(written, /^\| `sections\[\] \(kind: 'blog'\)\.postsPerPage` \| number \| {2}\| `10` \| {2}\|$/m);
  assert.match(written, /^\| `colorMode\.defaultMode` \| 'light' \\\| 'dark' \| {2}\| `"dark"` \| {2}\|$/m);
  assert.match(written, /^\| `url` \| URL \| yes \| {2}\| {2}\|$/m);
  // A key the schema describes, with its meaning; a choice of plain values is one row.
  assert.match(
    written,
    /^\| `components` \| map by name \| {2}\| `\{\}` \| Components of the theme replaced by the site's own files, .+ \|$/m,
  );
  // The theme's options, in their own section after the engine's keys.
  const [engine, theme] = written.split('## Theme options: built-in theme');
  assert.ok(theme, "a section of the theme's options");
  assert.match(engine, /^\| `themeConfig` \| map by name \| {2}\| `\{\}` \| The theme's own options, .+ \|$/m);
  assert.doesNotMatch(engine, /cta|trust/);
  assert.match(theme, /^\| `themeConfig\.navbar\.cta\.to` \| string \| yes \| {2}\| {2}\|$/m);
  assert.match(
    theme,
    /^\| `themeConfig\.home\.trust` \| list \| {2}\| `\[\]` \| The claims of the trust strip under the hero \|$/m,
  );
  assert.match(written, /^\| `design\.heroArt` \| string \| {2}\| `"none"` \| The art behind .+ \|$/m);
});
