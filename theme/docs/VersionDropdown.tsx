// The versions of a docs section, named in the page's language ("Version 1.19"). Today there is
// one, the current; the client remembers the one the reader picked, per section.

import { format } from '../../common/format-message.ts';
import type { DocsVersion } from '../../generator/types.ts';
import { useHref, useTheme } from '../context.ts';
import { Icon } from '../icons/Icon.tsx';

export function VersionDropdown({ section, current }: { section: string; current: string }) {
  const { graph, page, t } = useTheme();
  const href = useHref();
  const versions = graph.versions[`${page.locale}:${section}`] ?? [];
  const active = versions.find((v) => v.name === current) ?? versions[0];
  if (!active) return null;
  const menuId = `menu-version-${section}`;
  const name = (version: DocsVersion) =>
    version.label ? format(t.docs.versionName, { version: version.label }) : t.docs.versionUnnamed;
  return (
    <div className="dropdown docs-version">
      <button
        type="button"
        className="dropdown-toggle icon-button version-toggle"
        aria-expanded="false"
        aria-controls={menuId}
      >
        <span>{name(active)}</span>
        <Icon name="chevronDown" size={14} />
      </button>
      <ul className="dropdown-menu" id={menuId} aria-label={t.docs.version}>
        {versions.map((version) => {
          const doc = version.docs.find((d) => d.route === page.route) ? page.route : version.path;
          return (
            <li key={version.name}>
              <a
                href={href(doc)}
                data-docs-version={version.name}
                data-section={section}
                aria-current={version.name === active.name ? 'true' : undefined}
              >
                {version.name === 'current' && version.label
                  ? format(t.docs.versionCurrent, { version: name(version) })
                  : name(version)}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
