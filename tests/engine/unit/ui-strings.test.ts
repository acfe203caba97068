// UI strings as components read them: a label of the config or of the theme's options resolves in
// the groups of its place (the trust strip's keys in `home`), text written as such is shown as written, and a string the page needs
// that the locale lacks stops the render with the key, the locale and the component, never showing
// the key as text. generator/theming/config-strings.ts reports a config key without a string at its line.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { checkedStrings, MissingStringError } from '../../../common/checked-strings.ts';
import type { MessagesByLocale } from '../../../common/messages.ts';
import { checkConfigStrings } from '../../../generator/theming/config-strings.ts';
import { Theme, type ThemeContext } from '../../../theme/context.ts';
import { TrustStrip } from '../../../theme/home/TrustStrip.tsx';
import { labelOf } from '../../../theme/layout/labels.ts';
import { LABEL_PLACES, options as themeOptionsContract } from '../../../theme/options.ts';
import type { Strings as Messages } from '../../../theme/strings.ts';
import { makeConfig, messages, themeOptions } from './factories.ts';

const site = (locale: 'de' | 'en', home: Record<string, string>): Messages =>
  ({
    ...messages[locale],
    home: { ...messages[locale].home, ...home },
    nav: { ...messages[locale].nav, contact: 'Kontakt' },
  }) as Messages;

function renderTrustStrip(t: Messages, trust: { icon: string; label: string }[]): string {
  const ctx = {
    config: makeConfig(),
    themeConfig: themeOptions({ home: { trust } }),
    t,
    assets: { assetFiles: { 'icons.svg': '/assets/icons.svg' } },
  } as unknown as ThemeContext;
  return renderToString(createElement(Theme.Provider, { value: ctx }, createElement(TrustStrip)));
}

test('the trust strip shows the texts its config keys name in `home`, not the keys', () => {
  const html = renderTrustStrip(
    checkedStrings(site('de', { trustIso: 'ISO-27001-zertifizierte Rechenzentren' }), 'de'),
    [{ icon: 'shield', label: 'trustIso' }],
  );
  assert.match(html, /<span>ISO-27001-zertifizierte Rechenzentren<\/span>/);
  assert.doesNotMatch(html, /trustIso/);
});

test('a label written as text is shown as written; a key is never shown', () => {
  const t = checkedStrings(site('en', {}), 'en');
  assert.equal(labelOf(t, 'LinkedIn', 'footer'), 'LinkedIn');
  assert.equal(labelOf(t, 'Managed hosting', 'nav'), 'Managed hosting');
  assert.equal(labelOf(t, 'contact', LABEL_PLACES.action), 'Kontakt');
  assert.throws(
    () => labelOf(t, 'trustGreen', LABEL_PLACES.trust),
    (error: unknown) => {
      assert.ok(error instanceof MissingStringError);
      assert.equal(error.key, 'home.trustGreen');
      assert.equal(error.locale, 'en');
      assert.equal(error.component, 'TrustStrip');
      return true;
    },
  );
});

test('a missing string stops the render naming the key, the locale and the component', () => {
  const { trustLabel: _, ...home } = messages.en.home;
  const t = checkedStrings({ ...messages.en, home } as Messages, 'fr');
  assert.throws(
    () => renderTrustStrip(t, [{ icon: 'shield', label: 'Certified' }]),
    (error: unknown) => {
      assert.ok(error instanceof MissingStringError, String(error));
      assert.match(error.message, /UI string "home\.trustLabel" is missing in locale "fr" \(read by TrustStrip\)/);
      return true;
    },
  );
});

test('config keys without a string are reported per locale at their line; text and known keys are not', () => {
  const config = makeConfig({ footer: { groups: [{ title: 'company', items: [] }] } });
  const options = themeOptions({
    home: {
      trust: [
        { icon: 'shield', label: 'trustIso' },
        { icon: 'leaf', label: 'Green power' },
      ],
    },
  });
  const strings: MessagesByLocale = {
    de: { ...site('de', { trustIso: 'ISO' }), footer: { ...messages.de.footer, company: 'Unternehmen' } } as Messages,
    en: { ...site('en', {}), footer: { ...messages.en.footer, company: 'Company' } } as Messages,
  };
  const files = [
    {
      id: 'config/site.config.ts',
      raw: "export default {\n  themeConfig: {\n    home: {\n      trust: [{ icon: 'shield', label: 'trustIso' }],\n    },\n  },\n};\n",
    },
  ];
  const found = checkConfigStrings(config, strings, files, { config: themeOptionsContract }, options);
  assert.deepEqual(
    found.map((d) => [d.file, d.line, d.column, d.rule]),
    [['config/site.config.ts', 4, 40, 'config-string']],
  );
  assert.match(
    found[0].message,
    /trust strip \(TrustStrip\) names the UI string "trustIso", which i18n\/en\.ts does not have/,
  );
});
