// The theme's options: the config's `themeConfig`, checked by this schema when the engine loads
// the theme (a wrong key or value is a config error at its line). The marketing parts of a page
// are the theme's, so a site that shows none of them (a docs site) writes none of them.
import { z } from 'zod';
import type { ThemeConfigContract, ThemeLabel } from '../generator/theming/theme-contract.ts';

const route = z
  .string()
  .regex(/^\/([^\s?#]*\/)?(#[\w-]+)?$/, 'must be a site route with leading and trailing slash, like /services/');

/** A prominent button (navbar, home hero): `label` is a key into the UI strings (`nav`, `home`) or
 * shown as written; `event` is the analytics event a click sends. */
const actionSchema = z.strictObject({
  to: route,
  label: z.string().describe('a key into the UI strings (`nav`, then `home`), or text shown as written'),
  event: z.string().optional().describe('the analytics event a click sends'),
  icon: z
    .string()
    .optional()
    .describe('an icon of theme/icons/Icon.tsx; `arrowRight` stands after the label, any other before it'),
});

export const optionsSchema = z
  .strictObject({
    navbar: z
      .strictObject({
        cta: actionSchema.optional().describe('The button at the right of the navbar'),
      })
      .default({}),
    /** The home page's hero: its buttons, and the claims of the trust strip (`label`s are keys into
     * the UI strings' `home`). */
    home: z
      .strictObject({
        actions: z
          .array(actionSchema)
          .default([])
          .describe("The buttons of the home page's hero, the first one primary"),
        trust: z
          .array(
            z.strictObject({
              icon: z.string(),
              label: z.string().describe('a key into the UI strings (`home`), or text shown as written'),
            }),
          )
          .default([])
          .describe('The claims of the trust strip under the hero'),
      })
      .default({ actions: [], trust: [] }),
  })
  .default({ navbar: {}, home: { actions: [], trust: [] } });

export type ThemeOptions = z.output<typeof optionsSchema>;
export type ThemeOptionsInput = z.input<typeof optionsSchema>;
export type ActionConfig = z.output<typeof actionSchema>;

/** Where a label of the options is looked up in the UI strings, and the component that shows it. */
export const LABEL_PLACES = {
  action: { groups: ['nav', 'home'], component: 'ActionLink' },
  trust: { groups: ['home'], component: 'TrustStrip' },
} as const satisfies Record<string, Pick<ThemeLabel, 'groups' | 'component'>>;

export const options: ThemeConfigContract<ThemeOptions> = {
  schema: optionsSchema,
  labels: (o) => [
    ...(o.navbar.cta ? [{ label: o.navbar.cta.label, ...LABEL_PLACES.action, what: 'the navbar button' }] : []),
    ...o.home.actions.map((a) => ({ label: a.label, ...LABEL_PLACES.action, what: 'a home page button' })),
    ...o.home.trust.map((c) => ({
      label: c.label,
      ...LABEL_PLACES.trust,
      what: 'a claim of the home page trust strip',
    })),
  ],
  labelGroups: ['home'],
  links: (o) => [
    ...(o.navbar.cta ? [{ what: 'the navbar button', to: o.navbar.cta.to }] : []),
    ...o.home.actions.map((a) => ({ what: `home button "${a.label}"`, to: a.to })),
  ],
};
