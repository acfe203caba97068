// What `site serve` takes from the server (generator/dev/serve.ts's DevServerHooks): the production URL
// rules over the built files, and the contact and analytics endpoints on the same data directory
// and SMTP settings as production. The contact database is opened by the first message, so
// serving alone creates no files.

import { messageOf } from '../common/error-message.ts';
import type { DevServerHooks } from '../generator/dev/serve.ts';
import { type BackendSettings, settingsFromEnv } from './backend-config.ts';
import { enterBase } from './base-path.ts';
import { ContactBackend } from './contact-backend.ts';
import { Insights } from './insights.ts';
import { serveStatic } from './static.ts';

/** `contact`: the backend's settings; by default from the environment, as in production. */
export function devServerHooks(options: { root: string; contact?: BackendSettings }): DevServerHooks {
  return {
    serveFile: serveStatic,
    enterBase: (config, req, res) => enterBase(config, req, res),
    configureServer: (site) => {
      const settings = options.contact ?? contactSettings(options.root);
      // The forms of the theme the config names, as the build bundled them for `site start`.
      const contact = new ContactBackend({
        config: site.config,
        messages: site.messages,
        siteDir: () => site.outDir,
        forms: site.forms,
        settings,
      });
      const config = site.config();
      const analytics = config.analytics;
      // As in production, so the browser console stays as quiet as there.
      const insights = analytics
        ? new Insights({
            endpoint: analytics.endpoint,
            theme: site.analytics(),
            events: analytics.events,
            properties: analytics.properties,
            baseUrl: config.baseUrl,
            locales: Object.values(config.locales).map((l) => l.htmlLang),
            dataDir: settings.dataDir,
            counters: settings.databaseUrl ? contact.store.events : undefined,
            siteDir: () => site.outDir,
          })
        : undefined;
      return {
        handle: (req, res) => contact.handle(req, res) || (insights?.handle(req, res) ?? false),
        close: async () => {
          await contact.close();
          insights?.close();
        },
      };
    },
  };
}

function contactSettings(root: string): BackendSettings {
  try {
    return settingsFromEnv(root);
  } catch (error) {
    console.error(`[site] contact backend: ${messageOf(error)}; messages are stored but not relayed`);
    return settingsFromEnv(root, { SITE_DATA_DIR: process.env.SITE_DATA_DIR });
  }
}
