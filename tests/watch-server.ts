// `site serve --watch` as the tests start it: the dev server in watch mode on a site folder
// (usually a fixtureCopy), on a free port of 127.0.0.1, writing to `.serve/`, with the CLI's hooks.
// The tests wait for the builds the server runs, never for a time.

import type { BuildResult } from '../generator/build/build.ts';
import { type DevServerOptions, startDevServer } from '../generator/dev/serve.ts';
import { devServerHooks } from '../server/dev-hooks.ts';

/** What a test may add: the callbacks it observes the server by. */
export type WatchServerOptions = Omit<DevServerOptions, 'root' | 'port' | 'host' | 'watch' | 'out' | 'hooks'>;

export interface WatchServer {
  /** The dev server as startDevServer returns it: its http.Server, its first build, close. */
  dev: Awaited<ReturnType<typeof startDevServer>>;
  /** `http://127.0.0.1:<port>`, where it answers. */
  url: string;
  /** Every build it finished, the first included, in order. */
  builds: BuildResult[];
  /** The first build to finish after the call: call it before the edit that starts that build. */
  nextBuild: () => Promise<BuildResult>;
}

export async function startWatchServer(root: string, options: WatchServerOptions = {}): Promise<WatchServer> {
  const builds: BuildResult[] = [];
  let waiting: ((result: BuildResult) => void)[] = [];
  const dev = await startDevServer({
    ...options,
    root,
    port: 0,
    host: '127.0.0.1',
    watch: true,
    out: '.serve',
    hooks: devServerHooks({ root }),
    onBuild: (result, ms) => {
      builds.push(result);
      const waiters = waiting;
      waiting = [];
      for (const resolve of waiters) resolve(result);
      options.onBuild?.(result, ms);
    },
  });
  const address = dev.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { dev, url, builds, nextBuild: () => new Promise((resolve) => waiting.push(resolve)) };
}
