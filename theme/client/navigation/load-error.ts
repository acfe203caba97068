// The red box shown when a page could not be loaded (offline, server error), with a Retry button.
// The page on display stays as it was, so nothing the visitor was reading is lost.
const CLASS = 'nav-error';

export interface LoadErrorStrings {
  failed: string;
  retry: string;
}

export function showLoadError(strings: LoadErrorStrings, retry: () => Promise<void>): void {
  hideLoadError();
  const box = document.createElement('div');
  box.className = CLASS;
  box.setAttribute('role', 'alert');
  const message = document.createElement('p');
  message.textContent = strings.failed;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'nav-error-retry';
  button.textContent = strings.retry;
  button.addEventListener('click', () => {
    if (button.getAttribute('aria-busy') === 'true') return;
    button.setAttribute('aria-busy', 'true');
    void retry().finally(() => button.removeAttribute('aria-busy'));
  });
  box.append(message, button);
  document.body.append(box);
  // Keyboard users land on Retry instead of hunting for it; screen readers hear the alert.
  button.focus({ preventScroll: true });
}

export function hideLoadError(): void {
  for (const box of document.querySelectorAll(`.${CLASS}`)) box.remove();
}
