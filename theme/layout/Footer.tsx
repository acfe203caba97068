// The footer of spec 2.3: the brand, four link groups, the copyright line and the version.

import { format } from '../../common/format-message.ts';
import { localePrefix } from '../../common/locale-prefix.ts';
import { useHref, useTheme, useTitleOf } from '../context.ts';
import { Icon } from '../icons/Icon.tsx';
import { Brand } from './Logo.tsx';
import { labelOf } from './labels.ts';

export function Footer() {
  const { config, page, t } = useTheme();
  const titleOf = useTitleOf();
  const href = useHref();
  const prefix = localePrefix(config, page.locale);
  return (
    <footer className="footer">
      <div className="footer-inner">
        <div className="footer-brand">
          <Brand className="footer-logo" />
          {t.meta.tagline && <p>{t.meta.tagline}</p>}
          {t.footer.location && <p className="footer-address">{t.footer.location}</p>}
        </div>
        {config.footer.groups.map((group) => (
          <section key={group.title} className="footer-group" aria-labelledby={`footer-${group.title}`}>
            <h2 className="footer-title" id={`footer-${group.title}`}>
              {labelOf(t, group.title, 'footer')}
            </h2>
            <ul>
              {group.items.map((link) =>
                'to' in link ? (
                  <li key={link.to}>
                    <a href={href(`${prefix}${link.to}`)}>
                      {link.label ? labelOf(t, link.label, 'footer') : titleOf(`${prefix}${link.to}`)}
                    </a>
                  </li>
                ) : (
                  <li key={link.href}>
                    <a href={link.href} rel="me noopener">
                      {labelOf(t, link.label, 'footer')}
                      <Icon name="external" size={14} />
                    </a>
                  </li>
                ),
              )}
            </ul>
          </section>
        ))}
      </div>
      <div className="footer-bottom">
        <p>
          {format(t.footer.copyright, {
            year: new Date().getFullYear(),
            owner: config.organization?.name ?? config.title,
          })}
        </p>
        {config.customFields.version && (
          <p className="footer-version">{format(t.footer.version, { version: config.customFields.version })}</p>
        )}
      </div>
    </footer>
  );
}
