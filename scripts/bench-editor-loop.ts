// The editor's loop under `site serve --watch`, for `npm run bench` (bench.ts): a save with a
// broken link until its problem is in the overlay's events and until its text is on disk and the
// tab is told to reload, the fix until the overlay is cleared, and a rename until the new route
// answers and the old one is 404. Each save is timed from the write; the rows give medians.
import { spawn } from 'node:child_process';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface LoopTimes {
  overlay: number[];
  content: number[];
  cleared: number[];
  renamed: number[];
}

const poll = async (done: () => boolean | Promise<boolean>, ms: number, what: () => string) => {
  const until = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > until) throw new Error(`timed out: ${what()}`);
    await new Promise((r) => setTimeout(r, 5));
  }
};

/** `source`: the page's Markdown file under `root`; `route`: its route; `file`: its HTML under .serve/. */
export async function editorLoop(
  cli: string[],
  root: string,
  page: { source: string; route: string; file: string },
  rounds: number,
): Promise<LoopTimes> {
  const child = spawn(process.execPath, [...cli, 'serve', '--watch', '--port', '0'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const events = new AbortController();
  const source = path.join(root, page.source);
  const original = readFileSync(source, 'utf8');
  const times: LoopTimes = { overlay: [], content: [], cleared: [], renamed: [] };
  try {
    const port = () => /serving on http:\/\/127\.0\.0\.1:(\d+)\//.exec(output)?.[1];
    await poll(
      () => Boolean(port()),
      600_000,
      () => output,
    );
    const base = `http://127.0.0.1:${port()}`;
    await (await fetch(`${base}${page.route}`)).text();
    await poll(
      () => /\[site\] (\d+ errors?; )?\d+ parsed, /.test(output),
      600_000,
      () => output,
    );
    // What the tab hears: every event, with when it arrived.
    const heard: { at: number; event: string; data: string }[] = [];
    const stream = await fetch(`${base}/__site/events`, { signal: events.signal });
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      for await (const chunk of stream.body!) {
        buffer += decoder.decode(chunk);
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const [event, data] = buffer
            .slice(0, end)
            .split('\n')
            .map((l) => l.replace(/^\w+: /, ''));
          heard.push({ at: performance.now(), event, data });
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
        }
      }
    })().catch(() => undefined);
    const after = (started: number, event: string, test: (data: string) => boolean) =>
      heard.find((h) => h.at >= started && h.event === event && test(h.data));
    const html = path.join(root, '.serve', page.file);
    for (let k = 0; k < rounds; k++) {
      const target = `/nowhere-${k}-${Date.now()}/`;
      let started = performance.now();
      writeFileSync(source, `${original}\n\nParagraph with [a link](${target}).\n`);
      await poll(
        () => Boolean(after(started, 'problems', (d) => d.includes(target))),
        60_000,
        () => output,
      );
      times.overlay.push(after(started, 'problems', (d) => d.includes(target))!.at - started);
      await poll(
        () => {
          try {
            return readFileSync(html, 'utf8').includes(target) && Boolean(after(started, 'reload', () => true));
          } catch {
            return false;
          }
        },
        60_000,
        () => output,
      );
      times.content.push(after(started, 'reload', () => true)!.at - started);
      // The fix, once the build of the save has ended.
      await new Promise((r) => setTimeout(r, 2500));
      started = performance.now();
      writeFileSync(source, `${original}\n\nParagraph without it, ${k}.\n`);
      await poll(
        () => Boolean(after(started, 'problems', (d) => !d.includes('/nowhere-'))),
        60_000,
        () => output,
      );
      times.cleared.push(after(started, 'problems', (d) => !d.includes('/nowhere-'))!.at - started);
      await new Promise((r) => setTimeout(r, 2500));
    }
    writeFileSync(source, original);
    await new Promise((r) => setTimeout(r, 2500));
    // A rename, and back.
    const renamed = source.replace(/\.md$/, '-moved.md');
    const routes = [page.route, page.route.replace(/\/$/, '-moved/')];
    for (let k = 0; k < rounds; k++) {
      const [from, to] = k % 2 === 0 ? [source, renamed] : [renamed, source];
      const [gone, now] = k % 2 === 0 ? routes : [...routes].reverse();
      const started = performance.now();
      renameSync(from, to);
      await poll(
        async () => (await fetch(`${base}${now}`)).status === 200 && (await fetch(`${base}${gone}`)).status === 404,
        60_000,
        () => output,
      );
      times.renamed.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 4000));
    }
    if (rounds % 2 === 1) renameSync(renamed, source);
    return times;
  } finally {
    events.abort();
    writeFileSync(source, original);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  }
}
