import type { MetaDescriptor } from 'react-router';

interface RootData {
  society: { acronym: string; name: string };
}

/** The society from the root loader's data, as meta functions see it in `matches`. */
function societyOf(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
): RootData['society'] {
  const root = matches.find((match) => match?.id === 'root')?.data as RootData | undefined;
  return root?.society ?? { acronym: 'SIMTI', name: 'SIMTI' };
}

/**
 * `<title>`, description and the Open Graph / Twitter card tags of a page, so shared links
 * preview the page (DESIGN.md "Front end").
 */
export function pageMeta(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
  page: { title: string | null; description: string; type?: 'website' | 'article'; url?: string },
): MetaDescriptor[] {
  const society = societyOf(matches);
  const title =
    page.title === null
      ? `${society.acronym} | ${society.name}`
      : `${page.title} | ${society.acronym}`;
  return [
    { title },
    { name: 'description', content: page.description },
    { property: 'og:type', content: page.type ?? 'website' },
    ...(page.url
      ? [
          { property: 'og:url', content: page.url },
          { tagName: 'link', rel: 'canonical', href: page.url },
        ]
      : []),
    { property: 'og:site_name', content: society.name },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:locale', content: 'it_IT' },
    { name: 'twitter:card', content: 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: page.description },
  ];
}

/** `pageMeta` for pages behind sign-in: never indexed. */
export function privatePageMeta(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
  page: { title: string | null; description: string },
): MetaDescriptor[] {
  return [...pageMeta(matches, page), { name: 'robots', content: 'noindex' }];
}
