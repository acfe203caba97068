// Helpers for the contact page's browser tests: the production server (with its contact backend)
// on a built site, the rows its SQLite file holds, what the accessibility tree says about a node,
// and the window messages a page received.
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { DB_FILE } from '../../../server/contact-store.ts';
import { REPO } from '../../helpers.ts';
import { type RunningServer, startServer } from '../integration/contact-helpers.ts';
import { islandHydrated } from './runtime-helpers.ts';

export type ContactServer = RunningServer;

/** The production server on the real built site, on 127.0.0.1, with a fresh data directory and no rate limits. */
export function startContactServer(siteDir: string): Promise<ContactServer> {
  return startServer({ root: REPO, dir: siteDir });
}

export interface StoredRow {
  name: string;
  email: string;
  message: string;
  locale: string;
}

/** The messages of one sender as committed to the backend's SQLite file (read with a connection of its own). */
export function storedFrom(server: ContactServer, name: string): StoredRow[] {
  const db = new Database(path.join(server.dataDir, DB_FILE), { readonly: true });
  try {
    return db
      .prepare('SELECT name, email, message, locale FROM messages WHERE name = ? ORDER BY id')
      .all(name) as StoredRow[];
  } finally {
    db.close();
  }
}

/**
 * Reaches for the form as a visitor does (the pointer over it, which starts the island) and
 * resolves once the island has hydrated: before that a press on "Send" is a plain form post, as
 * designed.
 */
export async function waitForIsland(page: Page): Promise<void> {
  await page.hover('form[data-contact-form]');
  await islandHydrated(page);
}

export interface AxNode {
  /** Left out of the accessibility tree: screen readers do not know the node. */
  ignored: boolean;
  role: string | undefined;
  description: string | undefined;
  /** aria-live as Chromium computed it (`polite`, `assertive`), for live regions. */
  live: string | undefined;
  invalid: string | undefined;
}

/** What Chromium's accessibility tree (what screen readers read) holds for the first node matching `selector`. */
export async function axNode(page: Page, selector: string): Promise<AxNode> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    if (!nodeId) throw new Error(`no element matches ${selector}`);
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
    const node = nodes[0];
    const property = (name: string) => node.properties?.find((p) => p.name === name)?.value.value as string | undefined;
    return {
      ignored: node.ignored,
      role: node.role?.value as string | undefined,
      description: node.description?.value as string | undefined,
      live: property('live'),
      invalid: property('invalid'),
    };
  } finally {
    await cdp.detach();
  }
}

/** An init script: keeps every window `message` event with its origin, for `windowMessages`. */
export const RECORD_MESSAGES = `
  window.__messages = [];
  window.addEventListener('message', (e) => window.__messages.push({ data: e.data, origin: e.origin, fromThisWindow: e.source === window }));
`;

export interface WindowMessage {
  data: unknown;
  origin: string;
  fromThisWindow: boolean;
}

export function windowMessages(page: Page): Promise<WindowMessage[]> {
  return page.evaluate(() => (window as unknown as { __messages: WindowMessage[] }).__messages);
}

/** Waits until the element's text is `text` (whitespace trimmed); fails with what it last held. */
export async function waitForText(page: Page, selector: string, text: string): Promise<void> {
  try {
    await page.waitForFunction(([s, t]) => document.querySelector(s)?.textContent?.trim() === t, [
      selector,
      text,
    ] as const);
  } catch (error) {
    const actual = await page.$eval(selector, (el) => el.textContent).catch(() => '(no such element)');
    throw new Error(`${selector} did not come to read "${text}"; it reads "${actual}"`, { cause: error });
  }
}

export async function textOf(page: Page, selector: string): Promise<string> {
  return (await page.$eval(selector, (el) => el.textContent ?? '')).trim();
}

export async function attributeOf(page: Page, selector: string, name: string): Promise<string | null> {
  return page.$eval(selector, (el, n) => el.getAttribute(n), name);
}

export async function focusedId(page: Page): Promise<string | undefined> {
  return page.evaluate(() => document.activeElement?.id || undefined);
}
