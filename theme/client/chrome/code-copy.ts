// A copy button on every code block of a page's Markdown. The code is readable and selectable
// without it; line numbers (generator/markdown/plugins/code-blocks.ts) are left out of what is copied.
import { onNavigated } from '../events.ts';
import { runtimeData } from '../runtime-data.ts';
import { closest } from './dom.ts';

function addButtons(): void {
  const strings = runtimeData()?.strings.code;
  if (!strings || !navigator.clipboard) return;
  for (const pre of document.querySelectorAll<HTMLElement>('.markdown pre')) {
    if (pre.parentElement?.classList.contains('code-wrap')) continue;
    const wrap = document.createElement('div');
    wrap.className = 'code-wrap';
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'code-copy';
    button.textContent = strings.copy;
    pre.replaceWith(wrap);
    wrap.append(pre, button);
  }
}

async function onClick(event: MouseEvent): Promise<void> {
  const button = closest<HTMLButtonElement>(event.target, '.code-copy');
  const code = button?.parentElement?.querySelector('pre');
  const strings = runtimeData()?.strings.code;
  if (!button || !code || !strings) return;
  const copy = code.cloneNode(true) as HTMLElement;
  for (const number of copy.querySelectorAll('.code-line-number')) number.remove();
  let result = strings.copied;
  try {
    await navigator.clipboard.writeText(copy.textContent ?? '');
  } catch {
    result = strings.copyFailed;
  }
  // The new label is what a screen reader announces on the focused button.
  button.textContent = result;
  setTimeout(() => (button.textContent = strings.copy), 2000);
}

export function initCodeCopy(): void {
  addButtons();
  onNavigated(addButtons);
  document.addEventListener('click', (event) => void onClick(event));
}
