// The versions of a docs section. Today there is one, "Next"; the client remembers the one the
// reader picked, per section.
import { useTheme } from '../context.ts';
import { Icon } from '../icons/Icon.tsx';

export function VersionDropdown({ section, current }: { section: string; current: string }) {
  const { graph, page, t } = useTheme();
  const versions = graph.versions[`${page.locale}:${section}`] ?? [];
  const active = versions.find((v) => v.name === current) ?? versions[0];
  if (!active) return null;
  const menuId = `menu-version-${section}`;
  return (
    <div className="dropdown docs-version">
      <button type="button" className="dropdown-toggle icon-button version-toggle" aria-expanded="false" aria-controls={menuId}>
        <span>
          {`${t.docs.version}: `}
          <strong>{active.label}</strong>
        </span>
        <Icon name="chevronDown" size={14} />
      </button>
      <ul className="dropdown-menu" id={menuId}>
        {versions.map((version) => {
          const doc = version.docs.find((d) => d.route === page.route) ? page.route : version.path;
          return (
            <li key={version.name}>
              <a href={doc} data-docs-version={version.name} data-section={section} aria-current={version.name === active.name ? 'true' : undefined}>
                {version.label}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
