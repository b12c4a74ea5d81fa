/**
 * The icon of a news category (spec §2.6): concorsi, formazione, emovigilanza, news and the
 * society's own category each have one, red on light backgrounds and white on dark ones; any
 * other category gets a round white icon. Matching is case-insensitive.
 */

type IconKind = 'concorsi' | 'formazione' | 'emovigilanza' | 'news' | 'society' | 'default';

const PATHS: Record<Exclude<IconKind, 'default'>, string> = {
  // A document with a seal: calls for applications.
  concorsi: 'M6 2h9l5 5v15H6zM14 2v6h6M9 12h8M9 15h8M9 18h5',
  // A graduation cap: training.
  formazione: 'M2 9l10-5 10 5-10 5zM6 11v5c0 1.5 3 3 6 3s6-1.5 6-3v-5M22 9v6',
  // A shield with a drop: haemovigilance.
  emovigilanza:
    'M12 2l8 3v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5zM12 7c-2 3-3 4.5-3 6a3 3 0 006 0c0-1.5-1-3-3-6z',
  // A newspaper.
  news: 'M4 5h13v14H6a2 2 0 01-2-2zM17 9h3v8a2 2 0 01-2 2M7 8h7M7 11h7M7 14h4',
  // A blood drop: the society.
  society: 'M12 2C9 7 6 10.5 6 14a6 6 0 0012 0c0-3.5-3-7-6-12z',
};

export function categoryIconKind(category: string, societyAcronym: string): IconKind {
  const key = category.trim().toLowerCase();
  if (key === societyAcronym.toLowerCase()) return 'society';
  if (key === 'concorsi' || key === 'formazione' || key === 'emovigilanza' || key === 'news')
    return key;
  return 'default';
}

export function CategoryIcon({
  category,
  societyAcronym,
  tone = 'red',
}: {
  category: string;
  societyAcronym: string;
  tone?: 'red' | 'white';
}) {
  const kind = categoryIconKind(category, societyAcronym);
  if (kind === 'default') {
    return (
      <span className="category-icon category-icon--default" data-icon="default" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="28" height="28">
          <circle cx="12" cy="12" r="10" fill="#fff" stroke="#8a8f98" strokeWidth="1.5" />
        </svg>
      </span>
    );
  }
  return (
    <span className={`category-icon category-icon--${tone}`} data-icon={kind} aria-hidden="true">
      <svg
        viewBox="0 0 24 24"
        width="28"
        height="28"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={PATHS[kind]} />
      </svg>
    </span>
  );
}
