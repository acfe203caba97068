// The team has no photos: an author is shown by initials on a tinted disc.
export function Avatar({ name, size = 'small' }: { name: string; size?: 'small' | 'large' }) {
  const initials = name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <span className={`avatar avatar-${size}`} aria-hidden="true">
      {initials}
    </span>
  );
}
