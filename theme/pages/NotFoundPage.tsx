import { useTheme } from '../context.ts';
import { localePrefix } from '../../generator/config.ts';

export function NotFoundPage() {
  const { t, config, page } = useTheme();
  return (
    <main id="main" className="container not-found" tabIndex={-1}>
      <h1>{t.notFound.heading}</h1>
      <p>{t.notFound.text}</p>
      <p>{t.notFound.advice}</p>
      <p>
        <a className="button button-primary" href={`${localePrefix(config, page.locale)}/`}>
          {t.notFound.home}
        </a>
      </p>
    </main>
  );
}
