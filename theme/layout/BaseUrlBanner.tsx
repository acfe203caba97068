// Shown by the inline head script when the page is served under a path that does not start with
// the configured baseUrl: the usual cause of a deployment whose links and assets all miss.

import { format } from '../../common/format-message.ts';
import { useTheme } from '../context.ts';

export function BaseUrlBanner() {
  const { config, t } = useTheme();
  return (
    <div className="base-url-banner" id="base-url-banner" role="alert" hidden>
      {format(t.banner.baseUrl, { baseUrl: config.baseUrl })}
    </div>
  );
}
