// The theme's part of the UI strings and of the config: its strings lie between the engine's and
// the site's, a site's key is checked against the theme it names, and its options (`themeConfig`)
// are checked by its schema, each problem at its line with the closest key.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { validateConfig } from '../../../generator/config/config.ts';
import { mergeMessages } from '../../../generator/theming/messages.ts';
import { themeOptionsOf } from '../../../generator/theming/theme-options.ts';
import { checkUiStringKeys } from '../../../generator/theming/ui-string-keys.ts';
import { options as builtInOptions } from '../../../theme/options.ts';
import { strings as builtInStrings } from '../../../theme/strings.ts';
import { configInput, makeConfig } from './factories.ts';

/** A theme of two strings, in English only. */
const tiny = { strings: { en: { search: { placeholder: 'Find …' }, hero: { kicker: 'New' } } }, fallbackLocale: 'en' };

test("the theme's strings lie over the engine's, and the site's over both", () => {
  const { messages, diagnostics } = mergeMessages(['en'], { en: { hero: { kicker: 'Fresh' } } }, tiny);
  const en = messages.en as unknown as Record<string, Record<string, string>>;
  assert.equal(en.search.placeholder, 'Find …', "the theme's default");
  assert.equal(en.hero.kicker, 'Fresh', "the site's own word");
  assert.equal(en.blog.archive, 'Archive', "the engine's string for the page it makes");
  assert.deepEqual(diagnostics, []);
});

test("a locale the theme has no strings for reads its fallback locale's, and one warning lists them", () => {
  const { messages, diagnostics } = mergeMessages(['de'], {}, tiny);
  assert.equal((messages.de as unknown as Record<string, Record<string, string>>).hero.kicker, 'New');
  assert.equal(diagnostics.length, 1);
  assert.equal(diagnostics[0].rule, 'missing-messages');
  assert.match(
    diagnostics[0].message,
    /locale "de" shows 2 UI strings in English[^:]*: search\.placeholder, hero\.kicker$/,
  );
});

test("a site's key is checked against the theme it names: known there, or unknown at its line with the closest key", () => {
  const config = makeConfig();
  const raw = "export default {\n  hero: {\n    kicker: 'Fresh',\n    kickr: 'Fresh',\n  },\n};\n";
  const files = { en: { id: 'i18n/en.ts', raw } };
  const own = { en: { hero: { kicker: 'Fresh', kickr: 'Fresh' } } };
  const found = checkUiStringKeys(config, own, files, tiny);
  assert.deepEqual(
    found.map((d) => [d.file, d.line, d.rule]),
    [['i18n/en.ts', 4, 'ui-string']],
  );
  assert.match(
    found[0].message,
    /unknown UI string key "hero\.kickr": neither the engine nor the theme has such a string, .*did you mean "hero\.kicker"\?/,
  );
  // The built-in theme has no `hero` group: there the group itself is unknown.
  const builtIn = checkUiStringKeys(config, own, files, { strings: builtInStrings });
  assert.deepEqual(
    builtIn.map((d) => [d.line, d.message.split(':')[0]]),
    [[2, 'unknown UI string key "hero"']],
  );
});

test("the theme's options are checked by its schema: a misspelt key is a config error at its line, with the closest key", () => {
  const raw =
    "export default defineConfig({\n  themeConfig: {\n    navbar: {\n      cat: { to: '/contact/', label: 'contact' },\n    },\n  },\n});\n";
  const config = makeConfig({ themeConfig: { navbar: { cat: { to: '/contact/', label: 'contact' } } } });
  const { options, diagnostics } = themeOptionsOf(config, { config: builtInOptions }, [
    { id: 'config/site.config.ts', raw },
  ]);
  assert.equal(options, undefined);
  assert.deepEqual(
    diagnostics.map((d) => [d.file, d.line, d.rule, d.severity]),
    [['config/site.config.ts', 4, 'config', 'error']],
  );
  assert.equal(diagnostics[0].message, 'themeConfig.navbar: unknown key "cat"; did you mean "cta"?');
});

test("the theme's schema completes the options; a theme without options takes none", () => {
  const done = themeOptionsOf(makeConfig({ themeConfig: {} }), { config: builtInOptions }, []);
  assert.deepEqual(done, { options: { navbar: {}, home: { actions: [], trust: [] } }, diagnostics: [] });
  const own = themeOptionsOf(
    makeConfig({ themeConfig: {} }),
    { config: { schema: z.strictObject({ accent: z.boolean().default(true) }).default({ accent: true }) } },
    [],
  );
  assert.deepEqual(own.options, { accent: true });
  const none = themeOptionsOf(makeConfig({ themeConfig: { home: {} } }), {}, []);
  assert.deepEqual(
    none.diagnostics.map((d) => d.message),
    ['themeConfig: unknown key "home"'],
  );
});

test('a key the engine had and the theme has now names where it went', () => {
  const result = validateConfig({ ...configInput, home: { trust: [] } });
  assert.deepEqual(
    result.diagnostics.map((d) => [d.rule, d.message]),
    [['config', 'home is an option of the theme, written under themeConfig as themeConfig.home']],
  );
  assert.match(result.diagnostics[0].hint ?? '', /^move it to themeConfig\.home/);
});

test("a label group is the theme's: a key no option names is a warning there, and unknown under a theme without it", () => {
  const config = makeConfig();
  const files = { en: { id: 'i18n/en.ts', raw: "export default {\n  home: { trustIzo: 'ISO 27001' },\n};\n" } };
  const own = { en: { home: { trustIzo: 'ISO 27001' } } };
  const options = builtInOptions.schema.parse({ home: { trust: [{ icon: 'shield', label: 'trustIso' }] } });
  const builtIn = checkUiStringKeys(config, own, files, { strings: builtInStrings, config: builtInOptions }, options);
  assert.deepEqual(
    builtIn.map((d) => [d.line, d.severity, d.message.split(' (')[0]]),
    [
      [
        2,
        'warning',
        'UI string "home.trustIzo" is named by no label of the config and by no component, so it is never shown; did you mean "home.trustIso"?',
      ],
    ],
  );
  const other = checkUiStringKeys(config, own, files, tiny);
  assert.deepEqual(
    other.map((d) => [d.line, d.severity]),
    [[2, 'error']],
  );
});
