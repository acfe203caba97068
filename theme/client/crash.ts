// The crash screen: shown in place of the page's content when putting a page in place failed with
// an exception. It names the error and its causes (the `cause` chain) without a stack trace, and
// "Try again" loads the page afresh.
export interface CrashStrings {
  title: string;
  heading: string;
  retry: string;
  causes: string;
}

export interface CrashOptions {
  strings: CrashStrings;
  /** Site title and delimiter, for the document title "Page Error | Site". */
  siteTitle?: string;
  delimiter?: string;
  retry: () => void;
}

const MAX_CAUSES = 10;

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/** The causes of an error, nearest first, without repeats (a cause chain may loop). */
export function causesOf(error: unknown): string[] {
  const causes: string[] = [];
  const seen = new Set<unknown>([error]);
  let current = error instanceof Error ? error.cause : undefined;
  while (current !== undefined && current !== null && !seen.has(current) && causes.length < MAX_CAUSES) {
    seen.add(current);
    causes.push(messageOf(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return causes;
}

export function showCrash(error: unknown, options: CrashOptions): void {
  const { strings } = options;
  // The developer's console keeps the whole error, stack included; the visitor sees plain words.
  console.error(error);
  let main = document.getElementById('main');
  if (!main) {
    main = document.createElement('main');
    main.id = 'main';
    main.tabIndex = -1;
    document.body.append(main);
  }
  const section = document.createElement('section');
  section.className = 'crash';
  const heading = document.createElement('h1');
  heading.textContent = strings.heading;
  heading.tabIndex = -1;
  const message = document.createElement('p');
  message.className = 'crash-message';
  message.textContent = messageOf(error);
  section.append(heading, message);
  const causes = causesOf(error);
  if (causes.length) {
    const title = document.createElement('h2');
    title.textContent = strings.causes;
    const list = document.createElement('ul');
    list.className = 'crash-causes';
    for (const cause of causes) {
      const item = document.createElement('li');
      item.textContent = cause;
      list.append(item);
    }
    section.append(title, list);
  }
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button button-primary crash-retry';
  button.textContent = strings.retry;
  button.addEventListener('click', () => options.retry(), { once: true });
  section.append(button);
  main.replaceChildren(section);
  document.title = options.siteTitle
    ? `${strings.title} ${options.delimiter ?? '|'} ${options.siteTitle}`
    : strings.title;
  window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  heading.focus({ preventScroll: true });
}
