// Feeds read as a feed reader reads them: parsed by a strict XML parser (saxes: any well-formedness
// error throws, naming line and column), then each entry's title, description and tags taken as
// the format says to show them: Atom's type="html" and RSS's title and description are HTML, whose
// text is what the reader shows; type="text" is shown as it is.
import type { Root } from 'hast';
import { raw } from 'hast-util-raw';
import { toString as hastText } from 'hast-util-to-string';
import { SaxesParser } from 'saxes';

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** Text and CDATA directly inside, joined. */
  text: string;
}

/** The document's root element; throws on anything that is not well-formed XML. */
export function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser({ xmlns: false });
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const open: XmlElement[] = [root];
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    const element: XmlElement = {
      name: tag.name,
      attributes: tag.attributes as Record<string, string>,
      children: [],
      text: '',
    };
    open.at(-1)!.children.push(element);
    open.push(element);
  });
  parser.on('closetag', () => void open.pop());
  parser.on('text', (text) => void (open.at(-1)!.text += text));
  parser.on('cdata', (text) => void (open.at(-1)!.text += text));
  parser.write(xml).close();
  if (root.children.length !== 1) throw new Error(`expected one root element, found ${root.children.length}`);
  return root.children[0];
}

/** What a reader shows of HTML: its text. */
export function htmlText(html: string): string {
  return hastText(raw({ type: 'root', children: [{ type: 'raw', value: html }] } as unknown as Root));
}

export interface FeedEntry {
  title: string;
  /** The page the entry is of. */
  link: string;
  description?: string;
  tags: string[];
}

export interface ReadFeed {
  format: 'rss' | 'atom';
  title: string;
  entries: FeedEntry[];
}

const child = (element: XmlElement, name: string) => element.children.find((c) => c.name === name);
const children = (element: XmlElement, name: string) => element.children.filter((c) => c.name === name);

/** An Atom text construct as shown: HTML for type="html", as it is for type="text" (or none). */
const atomText = (element: XmlElement | undefined) =>
  element === undefined ? undefined : element.attributes.type === 'html' ? htmlText(element.text) : element.text;

export function readFeed(xml: string): ReadFeed {
  const root = parseXml(xml);
  if (root.name === 'rss') {
    const channel = child(root, 'channel')!;
    return {
      format: 'rss',
      title: child(channel, 'title')?.text ?? '',
      entries: children(channel, 'item').map((item) => {
        const description = child(item, 'description');
        return {
          title: htmlText(child(item, 'title')?.text ?? ''),
          link: child(item, 'link')?.text ?? '',
          ...(description ? { description: htmlText(description.text) } : {}),
          tags: children(item, 'category').map((c) => c.text),
        };
      }),
    };
  }
  if (root.name !== 'feed') throw new Error(`not a feed: <${root.name}>`);
  return {
    format: 'atom',
    title: atomText(child(root, 'title')) ?? '',
    entries: children(root, 'entry').map((entry) => {
      const description = atomText(child(entry, 'summary'));
      return {
        title: atomText(child(entry, 'title')) ?? '',
        link: child(entry, 'link')?.attributes.href ?? '',
        ...(description !== undefined ? { description } : {}),
        tags: children(entry, 'category').map((c) => c.attributes.label ?? c.attributes.term),
      };
    }),
  };
}
