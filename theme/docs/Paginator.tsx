// Previous/next at the end of a docs page or a post.
import { useHref, useTitleOf } from '../context.ts';

export function Paginator({
  previous,
  next,
  labels,
  ariaLabel,
}: {
  previous?: string;
  next?: string;
  labels: [string, string];
  ariaLabel: string;
}) {
  const titleOf = useTitleOf();
  const href = useHref();
  if (!previous && !next) return null;
  return (
    <nav className="paginator" aria-label={ariaLabel}>
      {previous ? (
        <a className="paginator-link paginator-previous" href={href(previous)} rel="prev">
          <span className="paginator-label">{labels[0]}</span>
          <span className="paginator-title">{`« ${titleOf(previous)}`}</span>
        </a>
      ) : (
        <span />
      )}
      {next && (
        <a className="paginator-link paginator-next" href={href(next)} rel="next">
          <span className="paginator-label">{labels[1]}</span>
          <span className="paginator-title">{`${titleOf(next)} »`}</span>
        </a>
      )}
    </nav>
  );
}
