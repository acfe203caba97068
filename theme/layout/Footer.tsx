// The footer of spec 2.3: link groups, official profiles, copyright and version.
import { useTheme, useTitleOf } from '../context.ts';
import { localePrefix } from '../../generator/config.ts';
import { format } from '../../i18n/index.ts';
import { labelOf } from './labels.ts';

export function Footer() {
  const { config, page, t } = useTheme();
  const titleOf = useTitleOf();
  const prefix = localePrefix(config, page.locale);
  return (
    <footer className="footer">
      <div className="footer-inner">
        {config.footer.groups.map((group) => (
          <section key={group.title} className="footer-group">
            <h2 className="footer-title">{labelOf(t, group.title)}</h2>
            <ul>
              {group.items.map((link) =>
                'to' in link ? (
                  <li key={link.to}>
                    <a href={`${prefix}${link.to}`}>{link.label ? labelOf(t, link.label) : titleOf(`${prefix}${link.to}`)}</a>
                  </li>
                ) : (
                  <li key={link.href}>
                    <a href={link.href} rel="me noopener">
                      {labelOf(t, link.label)}
                    </a>
                  </li>
                ),
              )}
            </ul>
          </section>
        ))}
      </div>
      <div className="footer-bottom">
        <p>{format(t.footer.copyright, { year: new Date().getFullYear() })}</p>
        {config.customFields.version && <p>{format(t.footer.version, { version: config.customFields.version })}</p>}
      </div>
    </footer>
  );
}
