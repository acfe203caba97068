// The buttons of the home page's hero, as the theme's options list them.
import { useTheme } from '../context.ts';
import { ActionLink } from '../layout/ActionLink.tsx';

export function CallToAction() {
  const { themeConfig } = useTheme();
  if (themeConfig.home.actions.length === 0) return null;
  return (
    <p className="cta-actions">
      {themeConfig.home.actions.map((action, i) => (
        <ActionLink
          key={action.to}
          action={action}
          className={`button ${i === 0 ? 'button-primary' : 'button-secondary'} button-lg`}
          iconSize={i === 0 ? 20 : 18}
        />
      ))}
    </p>
  );
}
