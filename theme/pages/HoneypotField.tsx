// The field only a bot fills in: hidden from people and screen readers and out of the tab order;
// the server refuses a post that has it filled (common/contact-rules.ts). The contact and the
// booking form each have one, under their own id.
import { HONEYPOT_FIELD } from '../../common/contact-rules.ts';

export function HoneypotField({ form, label }: { form: 'contact' | 'booking'; label: string }) {
  return (
    <div className="field field-honeypot" aria-hidden="true">
      <label htmlFor={`${form}-${HONEYPOT_FIELD}`}>{label}</label>
      <input
        id={`${form}-${HONEYPOT_FIELD}`}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}
