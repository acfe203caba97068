// What a site's config file imports: a typed identity. It needs only the schema's types, so loading
// a config loads no schema library; the generator validates the result itself.
import type { SiteConfigInput } from './config.ts';

export function defineConfig(config: SiteConfigInput): SiteConfigInput {
  return config;
}
