// "Show email" and "Show phone number": the contact details are in no page and no script; a press
// asks the server for them (POST, same origin only, rate-limited), so crawlers that harvest
// addresses from HTML and bundles find nothing. Without JavaScript the buttons submit a plain
// form and the server answers with the contact page showing the detail. Shared by the page
// render, the server's answer page and the browser island.
import type { MouseEvent } from 'react';
import { REVEAL_KINDS, REVEAL_ROOT, type RevealKind, type RevealState } from '../../common/forms.ts';

// The reveal's state and root, the contact backend's (common/forms.ts), where a component override
// of these buttons finds them.
export {
  EMPTY_REVEAL_STATE,
  REVEAL_KINDS,
  REVEAL_ROOT,
  type RevealedDetail,
  type RevealKind,
  type RevealState,
  revealAction,
} from '../../common/forms.ts';

import type { Messages } from '../../common/messages.ts';

export interface RevealSetup {
  locale: string;
  t: Messages['contact'];
  /** Where the buttons post: the contact endpoint's `/reveal`. */
  action: string;
}

export interface RevealProps extends RevealSetup {
  state: RevealState;
  onReveal?: (kind: RevealKind, event: MouseEvent<HTMLButtonElement>) => void;
}

export function ContactRevealRoot(props: RevealProps) {
  const { state, onReveal: _, ...setup } = props;
  return (
    <div className="contact-reveal-island" data-island-root={REVEAL_ROOT} data-props={JSON.stringify({ setup, state })}>
      <ContactReveal {...setup} state={state} />
    </div>
  );
}

export function ContactReveal({ locale, t, action, state, onReveal }: RevealProps) {
  const label: Record<RevealKind, string> = { email: t.showEmail, phone: t.showPhone };
  const name: Record<RevealKind, string> = { email: t.email, phone: t.phone };
  return (
    <form className="contact-reveal" method="post" action={action}>
      <input type="hidden" name="locale" value={locale} />
      {/* Without JavaScript each press is a page load: the details shown so far stay shown. */}
      <input type="hidden" name="shown" value={REVEAL_KINDS.filter((k) => state.revealed[k]).join(',')} />
      <ul className="contact-details">
        {REVEAL_KINDS.map((kind) => {
          const detail = state.revealed[kind];
          return (
            <li key={kind}>
              {detail ? (
                <>
                  <span className="contact-detail-label">{name[kind]}: </span>
                  <a href={detail.href} id={`contact-${kind}-revealed`}>
                    {detail.value}
                  </a>
                </>
              ) : (
                <button
                  type="submit"
                  name="reveal"
                  value={kind}
                  className="button button-secondary"
                  onClick={onReveal && ((event) => onReveal(kind, event))}
                >
                  {label[kind]}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <p className="contact-reveal-status" role="status" aria-live="polite">
        {state.failed ? t.revealError : ''}
      </p>
    </form>
  );
}
