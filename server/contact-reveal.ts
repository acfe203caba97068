// `POST <endpoint>/reveal`: the e-mail address or the phone number, from the site's config, for
// one press of "Show email" or "Show phone number". Behind the same origin check and a rate limit
// as the form, so the details are in no static file a harvester could fetch.
import { REVEAL_KINDS, type RevealedDetail, type RevealKind } from '../common/forms.ts';
import type { SiteConfig } from '../generator/config/config.ts';
import type { ContactBackend, Received } from './contact-backend.ts';

export function contactDetail(config: SiteConfig, kind: RevealKind): RevealedDetail {
  // Called only by the contact endpoint, which exists only when the config has a contact section.
  const contact = config.contact;
  if (!contact) throw new Error('the contact endpoint answers only where the config has a contact section');
  if (kind === 'email') return { value: contact.email, href: `mailto:${contact.email}` };
  return { value: contact.phone, href: `tel:${contact.phone.replace(/[^+\d]/g, '')}` };
}

const isKind = (value: unknown): value is RevealKind => REVEAL_KINDS.includes(value as RevealKind);

export async function handleReveal(backend: ContactBackend, { fields, reply, rate }: Received): Promise<void> {
  const locale = backend.pages.localeOf(fields.locale);
  const kind = fields.reveal;
  if (!rate.allowed) {
    reply.refuse(
      429,
      'rate-limited',
      'Too many requests from this address. Please try again later.',
      () => backend.pages.reveal(locale, { revealed: {}, failed: true }),
      {
        'retry-after': String(rate.retryAfterSeconds),
      },
    );
    return;
  }
  if (!isKind(kind)) {
    reply.refuse(400, 'invalid', `"reveal" must be one of ${REVEAL_KINDS.join(', ')}.`, () =>
      backend.pages.reveal(locale, { revealed: {}, failed: true }),
    );
    return;
  }
  if (!reply.html) {
    reply.json(200, contactDetail(backend.config, kind));
    return;
  }
  const shown = typeof fields.shown === 'string' ? fields.shown.split(',').filter(isKind) : [];
  const revealed = Object.fromEntries([...new Set([...shown, kind])].map((k) => [k, contactDetail(backend.config, k)]));
  reply.page(200, backend.pages.reveal(locale, { revealed, failed: false }));
}
