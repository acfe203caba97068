// The buttons of the home page's hero, as the config lists them.
import { useTheme } from '../context.ts';
import { ActionLink } from '../layout/ActionLink.tsx';

export function CallToAction() {
  const { config } = useTheme();
  if (config.home.actions.length === 0) return null;
  return (
    <p className="cta-actions">
      {config.home.actions.map((action, i) => (
        <ActionLink key={action.to} action={action} className={`button ${i === 0 ? 'button-primary' : 'button-secondary'} button-lg`} iconSize={i === 0 ? 20 : 18} />
      ))}
    </p>
  );
}
