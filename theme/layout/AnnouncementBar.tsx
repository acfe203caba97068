// The announcement bar from config. Its message is a key into the UI strings, so it speaks the
// page's language, and so is its link's text ("Learn more", the fallback, says nothing to a search
// engine or to a screen reader listing links). A dismissal is remembered by id: a new announcement
// shows again.

import { localePrefix } from '../../common/locale-prefix.ts';
import { useHref, useTheme } from '../context.ts';
import { Icon } from '../icons/Icon.tsx';
import { labelOf } from './labels.ts';

export function AnnouncementBar() {
  const { config, page, t } = useTheme();
  const announcement = config.announcement;
  const href = useHref();
  if (!announcement) return null;
  const message = labelOf(t, announcement.message, 'announcement');
  const linkText = announcement.link ? labelOf(t, announcement.link, 'announcement') : t.announcement.more;
  return (
    <section className="announcement" data-announcement-id={announcement.id} aria-label={t.announcement.label}>
      <p>
        {message}
        {announcement.to && (
          <>
            {' '}
            <a href={href(`${localePrefix(config, page.locale)}${announcement.to}`)}>{linkText}</a>
          </>
        )}
      </p>
      <button
        type="button"
        className="announcement-close needs-js"
        aria-label={t.banner.dismiss}
        title={t.banner.dismiss}
      >
        <Icon name="close" size={18} />
      </button>
    </section>
  );
}
