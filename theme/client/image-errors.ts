// What a visitor sees when an image does not load (spec 8): "offline" when the browser is offline,
// "not found" when the server has no such file, and otherwise an error that reloads the image on
// click. The message takes the image's place at the image's size, so nothing moves around it.
import { runtimeData } from './runtime-data.ts';

type Kind = 'offline' | 'notFound' | 'error';
const FALLBACK = 'image-fallback';

async function kindOf(src: string, confirm: boolean): Promise<Kind | undefined> {
  if (!navigator.onLine) return 'offline';
  try {
    const response = await fetch(src, { method: 'HEAD', cache: 'no-store' });
    if (response.status === 404 || response.status === 410) return 'notFound';
    // Found after all: the image only looked broken (an image without intrinsic size), so leave it.
    if (confirm && response.ok) return undefined;
    return 'error';
  } catch {
    return navigator.onLine ? 'error' : 'offline';
  }
}

function retry(img: HTMLImageElement, fallback: HTMLElement): void {
  // A fresh element makes the browser request the image again instead of reusing the failure.
  const fresh = img.cloneNode(true) as HTMLImageElement;
  fresh.hidden = false;
  fresh.removeAttribute('loading');
  delete fresh.dataset.imageFailed;
  fallback.remove();
  img.replaceWith(fresh);
}

async function showFallback(img: HTMLImageElement, confirm = false): Promise<void> {
  if (img.dataset.imageFailed) return;
  img.dataset.imageFailed = 'pending';
  const src = img.currentSrc || img.src;
  const kind = await kindOf(src, confirm);
  const strings = runtimeData()?.strings.image;
  if (!kind || !strings || !img.isConnected) {
    delete img.dataset.imageFailed;
    return;
  }
  img.dataset.imageFailed = kind;
  const fallback = document.createElement(kind === 'error' ? 'button' : 'span');
  fallback.className = FALLBACK;
  fallback.dataset.kind = kind;
  if (fallback instanceof HTMLButtonElement) {
    fallback.type = 'button';
    fallback.addEventListener('click', () => retry(img, fallback), { once: true });
  } else {
    fallback.setAttribute('role', 'img');
    fallback.setAttribute('aria-label', img.alt ? `${strings[kind]}: ${img.alt}` : strings[kind]);
  }
  const message = document.createElement('span');
  message.className = 'image-fallback-message';
  message.textContent = strings[kind];
  fallback.append(message);
  if (img.alt) {
    // What the image showed still reaches screen readers and anyone who reads the page.
    const alt = document.createElement('span');
    alt.className = 'image-fallback-alt';
    alt.textContent = img.alt;
    fallback.append(alt);
  }
  const width = Number(img.getAttribute('width'));
  const height = Number(img.getAttribute('height'));
  if (width && height) {
    fallback.style.aspectRatio = `${width} / ${height}`;
    fallback.style.maxWidth = `${width}px`;
  }
  img.hidden = true;
  img.after(fallback);
}

function onError(event: Event): void {
  if (event.target instanceof HTMLImageElement) void showFallback(event.target);
}

export function initImageErrors(): void {
  if (!runtimeData()) return;
  // Error events do not bubble; the capture phase sees them for every image, also on later pages.
  document.addEventListener('error', onError, true);
  // Images that failed before this script ran: complete, but nothing decoded.
  for (const img of document.images) {
    if (img.complete && img.naturalWidth === 0 && (img.currentSrc || img.getAttribute('src')))
      void showFallback(img, true);
  }
  // Back online: try the images that failed for being offline.
  window.addEventListener('online', () => {
    for (const fallback of document.querySelectorAll<HTMLElement>(`.${FALLBACK}[data-kind="offline"]`)) {
      const img = fallback.previousElementSibling;
      if (img instanceof HTMLImageElement) retry(img, fallback);
    }
  });
}
