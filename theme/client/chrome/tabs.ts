// Tabs of a page's Markdown (generator/markdown/plugins/tabs.ts) as ARIA tabs: a tab list built from the panels'
// labels, arrow keys, Home and End to move, and one choice per `group` for the whole page,
// remembered for the next pages. Without this script every panel shows under its label. Loaded
// only by pages that have tabs (initTabs in ./index.ts), so other pages pay nothing for it.
import type { readStorage, writeStorage } from '../storage.ts';
import type { closest } from './dom.ts';

/** What the runtime lends this module: imported here, the bundler would split those modules out
 * of the runtime into chunks of their own, which every page would then load separately. */
export interface TabsDeps {
  readStorage: typeof readStorage;
  writeStorage: typeof writeStorage;
  closest: typeof closest;
}
let deps: TabsDeps;

const KEY = 'tabs-';
let count = 0;

/** Shows the tab of `value` in a block; false when the block has no such tab. */
function select(block: HTMLElement, value: string, focus = false): boolean {
  const tabs = [...block.querySelectorAll<HTMLElement>(':scope > [role=tablist] > [role=tab]')];
  if (!tabs.some((tab) => tab.dataset.tab === value)) return false;
  for (const tab of tabs) {
    const on = tab.dataset.tab === value;
    tab.setAttribute('aria-selected', String(on));
    tab.tabIndex = on ? 0 : -1;
    const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
    if (panel) panel.hidden = !on;
    if (on && focus) tab.focus();
  }
  return true;
}

/** The same choice in every block of the group, kept for later pages. */
function choose(block: HTMLElement, value: string, focus: boolean): void {
  const group = block.dataset.group;
  if (!group) {
    select(block, value, focus);
    return;
  }
  for (const other of document.querySelectorAll<HTMLElement>(`.tabs[data-group="${CSS.escape(group)}"]`))
    select(other, value, other === block && focus);
  deps.writeStorage(KEY + group, value);
}

export function enhance(): void {
  for (const block of document.querySelectorAll<HTMLElement>('.markdown .tabs:not([data-enhanced])')) {
    const panels = [...block.children].filter((child): child is HTMLElement => child.classList.contains('tab-panel'));
    if (!panels.length) continue;
    const list = document.createElement('div');
    list.setAttribute('role', 'tablist');
    const id = `tabs-${++count}`;
    panels.forEach((panel, i) => {
      const label = panel.querySelector(':scope > .tab-label');
      const tab = document.createElement('button');
      tab.type = 'button';
      tab.setAttribute('role', 'tab');
      tab.id = `${id}-tab-${i}`;
      tab.dataset.tab = panel.dataset.tab ?? String(i);
      tab.setAttribute('aria-controls', (panel.id = `${id}-panel-${i}`));
      if (label) tab.append(...label.childNodes);
      label?.remove();
      panel.setAttribute('role', 'tabpanel');
      panel.setAttribute('aria-labelledby', tab.id);
      panel.tabIndex = 0;
      list.append(tab);
    });
    block.prepend(list);
    block.dataset.enhanced = '';
    const stored = block.dataset.group ? deps.readStorage(KEY + block.dataset.group) : null;
    if (!(stored !== null && select(block, stored))) select(block, panels[0].dataset.tab ?? '0');
  }
}

function onKey(event: KeyboardEvent): void {
  const tab = deps.closest(event.target, '[role=tab]');
  const block = tab && deps.closest(tab, '.tabs');
  if (!tab || !block) return;
  const tabs = [...(tab.parentElement?.children ?? [])] as HTMLElement[];
  const at = tabs.indexOf(tab);
  const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  choose(block, tabs[(to + tabs.length) % tabs.length].dataset.tab ?? '', true);
}

/** Listeners on document, once: they serve the tabs of every page shown since. */
export function listen(lent: TabsDeps): void {
  deps = lent;
  document.addEventListener('click', (event) => {
    const tab = deps.closest(event.target, '[role=tab]');
    const block = tab && deps.closest(tab, '.tabs');
    if (tab && block) choose(block, tab.dataset.tab ?? '', false);
  });
  document.addEventListener('keydown', onKey);
}
