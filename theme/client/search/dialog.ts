// The search dialog (markup: theme/layout/SearchButton.tsx). A modal <dialog>: the page behind is
// inert, Tab wraps inside it, Escape closes it and focus goes back where it was. The input is a
// combobox over a listbox of results: arrow keys move through them, Enter opens the chosen one
// with the site's client navigation (a plain click on its link), and every result is a real link.
import { format } from '../../../common/format-message.ts';
import { focusables } from '../chrome/dom.ts';
import { required } from '../chrome/required.ts';
import { type SearchHit, searchPages } from './results.ts';
import { wholeIndex } from './shards.ts';

const MAX_RESULTS = 8;

interface Strings {
  count: string;
  countOne: string;
  none: string;
  loading: string;
  failed: string;
}

interface Parts {
  dialog: HTMLDialogElement;
  input: HTMLInputElement;
  list: HTMLElement;
  empty: HTMLElement;
  status: HTMLElement;
  bundle: string;
  strings: Strings;
}

const bound = new WeakSet<HTMLDialogElement>();
let opener: HTMLElement | null = null;
/** Counts queries: an answer to one that is no longer the latest is dropped. */
let latest = 0;

function partsOf(dialog: HTMLDialogElement): Parts {
  return {
    dialog,
    input: required<HTMLInputElement>(dialog, '.search-input'),
    list: required(dialog, '.search-results'),
    empty: required(dialog, '.search-empty'),
    status: required(dialog, '.search-status'),
    bundle: dialog.dataset.bundle ?? '',
    strings: JSON.parse(dialog.dataset.strings ?? '{}') as Strings,
  };
}

/** Pagefind's excerpt as nodes: its text, with only its <mark> elements kept as elements, and
 * punctuation Pagefind marks with a word (`word,`) moved out of the mark. */
function excerptNodes(excerpt: string): Node[] {
  const body = new DOMParser().parseFromString(`<body>${excerpt}</body>`, 'text/html').body;
  return [...body.childNodes].flatMap((node) => {
    const text = node.textContent ?? '';
    if (!(node instanceof HTMLElement && node.tagName === 'MARK')) return [document.createTextNode(text)];
    // Always matches: each part may be empty.
    const [, before, word, after] = /^([^\p{L}\p{N}]*)(.*?)([^\p{L}\p{N}]*)$/su.exec(text) ?? ['', '', text, ''];
    const mark = document.createElement('mark');
    mark.textContent = word;
    return [document.createTextNode(before), mark, document.createTextNode(after)];
  });
}

function option(hit: SearchHit, index: number): HTMLAnchorElement {
  const link = document.createElement('a');
  link.className = 'search-result';
  link.id = `search-result-${index}`;
  link.href = hit.url;
  link.tabIndex = -1;
  link.setAttribute('role', 'option');
  link.setAttribute('aria-selected', 'false');
  const title = document.createElement('span');
  title.className = 'search-result-title';
  title.textContent = hit.heading ? `${hit.title} › ${hit.heading}` : hit.title;
  const excerpt = document.createElement('span');
  excerpt.className = 'search-result-excerpt';
  excerpt.append(...excerptNodes(hit.excerpt));
  if (hit.section) {
    const section = document.createElement('span');
    section.className = 'search-result-section';
    section.textContent = hit.section;
    link.append(section);
  }
  link.append(title, excerpt);
  return link;
}

function options(parts: Parts): HTMLElement[] {
  return [...parts.list.querySelectorAll<HTMLElement>('[role="option"]')];
}

function select(parts: Parts, index: number): void {
  const all = options(parts);
  all.forEach((el, i) => {
    el.setAttribute('aria-selected', String(i === index));
  });
  const active = all[index];
  if (active) {
    parts.input.setAttribute('aria-activedescendant', active.id);
    active.scrollIntoView({ block: 'nearest' });
  } else parts.input.removeAttribute('aria-activedescendant');
}

function show(parts: Parts, query: string, hits: SearchHit[], total: number): void {
  parts.list.replaceChildren(...hits.map(option));
  parts.list.hidden = hits.length === 0;
  parts.input.setAttribute('aria-expanded', String(hits.length > 0));
  parts.empty.hidden = !query || hits.length > 0;
  required(parts.empty, '.search-empty-text').textContent = format(parts.strings.none, { query });
  parts.status.textContent = !query
    ? ''
    : total === 1
      ? parts.strings.countOne
      : hits.length
        ? format(parts.strings.count, { count: total })
        : '';
  select(parts, hits.length ? 0 : -1);
}

async function run(parts: Parts): Promise<void> {
  const id = ++latest;
  const query = parts.input.value.trim();
  if (!query) return show(parts, '', [], 0);
  const slow = setTimeout(() => id === latest && (parts.status.textContent = parts.strings.loading), 150);
  try {
    const found = await searchPages(parts.bundle, query, MAX_RESULTS, () => id === latest);
    if (found && id === latest) show(parts, query, found.hits, found.total);
  } catch (error) {
    if (id !== latest) return;
    console.warn('Searching failed.', error);
    show(parts, '', [], 0);
    parts.status.textContent = parts.strings.failed;
  } finally {
    clearTimeout(slow);
  }
}

function onKeydown(parts: Parts, event: KeyboardEvent): void {
  const all = options(parts);
  const current = all.findIndex((el) => el.getAttribute('aria-selected') === 'true');
  if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && all.length) {
    event.preventDefault();
    const step = event.key === 'ArrowDown' ? 1 : -1;
    select(parts, (current + step + all.length) % all.length);
    parts.input.focus();
  } else if (event.key === 'Escape') {
    // Closes at once: a search field would otherwise take the first Escape to clear itself.
    event.preventDefault();
    parts.dialog.close();
  } else if (event.key === 'Enter' && event.target === parts.input) {
    event.preventDefault();
    all[Math.max(current, 0)]?.click();
  } else if (event.key === 'Tab') {
    const items = focusables(parts.dialog).filter((el) => el.tabIndex >= 0);
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey ? document.activeElement === first : document.activeElement === last) {
      event.preventDefault();
      (event.shiftKey ? last : first)?.focus();
    }
  }
}

function onClick(parts: Parts, event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest('.search-close')) {
    parts.dialog.close();
    return;
  }
  if (target === parts.dialog) {
    // A click on the backdrop lands on the dialog itself, outside its box.
    const box = parts.dialog.getBoundingClientRect();
    if (event.clientX > box.right || event.clientX < box.left || event.clientY < box.top || event.clientY > box.bottom)
      parts.dialog.close();
    return;
  }
  // A chosen link: the dialog goes, the client navigation (listening on document) loads the page
  // and moves focus to it.
  if (target?.closest('a[href]')) {
    opener = null;
    parts.dialog.close();
  }
}

function bind(parts: Parts): void {
  const { dialog, input } = parts;
  input.addEventListener('input', () => void run(parts));
  dialog.addEventListener('keydown', (event) => onKeydown(parts, event));
  dialog.addEventListener('click', (event) => onClick(parts, event));
  dialog.addEventListener('close', () => {
    if (opener?.isConnected) opener.focus();
    opener = null;
  });
}

/** Called once the dialog is open (theme/client/search/index.ts opened it). */
export function searchOpened(dialog: HTMLDialogElement, from: HTMLElement | null): void {
  const parts = partsOf(dialog);
  if (!bound.has(dialog)) {
    bound.add(dialog);
    bind(parts);
  }
  opener = from;
  // Loading since the visitor showed intent (index.ts); asked for here again to show a failure, and
  // to try once more after one.
  wholeIndex(parts.bundle).catch((error: unknown) => {
    console.warn('Search could not be loaded.', error);
    parts.status.textContent = parts.strings.failed;
  });
  if (parts.input.value.trim()) void run(parts);
}
