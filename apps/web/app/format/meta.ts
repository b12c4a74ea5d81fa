import { SHARE_CARD, type ShareImage as UploadedShareImage } from '@sodalis/contracts';
import type { MetaDescriptor } from 'react-router';

interface RootData {
  society: {
    acronym: string;
    name: string;
    publicBaseUrl: string;
    /** The share image the secretariat uploaded, or null (ADR 034). */
    shareImage?: UploadedShareImage | null;
  };
}

/** A page's own share image (ADR 034): its address, and its size and text when known. */
export interface ShareImage {
  /** Site-relative or absolute. */
  url: string;
  width?: number;
  height?: number;
  alt?: string;
}

/** The society from the root loader's data, as meta functions see it in `matches`. */
function societyOf(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
): RootData['society'] {
  const root = matches.find((match) => match?.id === 'root')?.data as RootData | undefined;
  return root?.society ?? { acronym: 'SIMTI', name: 'SIMTI', publicBaseUrl: '' };
}

/**
 * The share image of pages without their own (ADR 034): the one the secretariat uploaded, else
 * the committed card in the society's colours (ADR 026) with the society's name as its text.
 */
function defaultShareImage(society: RootData['society']): ShareImage {
  return society.shareImage ?? { ...SHARE_CARD, alt: society.name };
}

/** An absolute address on the public site for a site-relative one (others are kept). */
export function absoluteUrl(base: string, address: string): string {
  return address.startsWith('/') ? `${base.replace(/\/+$/, '')}${address}` : address;
}

/**
 * `<title>`, description and the Open Graph / Twitter card tags of a page, so shared links
 * preview the page (docs/architecture.md, "Front end").
 */
export function pageMeta(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
  page: {
    title: string | null;
    description: string;
    type?: 'website' | 'article';
    url?: string;
    /** The share image; the site's default share image when absent. */
    image?: ShareImage;
  },
): MetaDescriptor[] {
  const society = societyOf(matches);
  const shared: ShareImage = page.image ?? defaultShareImage(society);
  const image = absoluteUrl(society.publicBaseUrl, shared.url);
  const title =
    page.title === null
      ? `${society.acronym} | ${society.name}`
      : `${page.title} | ${society.acronym}`;
  return [
    { title },
    { name: 'description', content: page.description },
    { property: 'og:type', content: page.type ?? 'website' },
    // The canonical link is the frame's, for every page (root.tsx).
    ...(page.url ? [{ property: 'og:url', content: page.url }] : []),
    { property: 'og:site_name', content: society.name },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:locale', content: 'it_IT' },
    { property: 'og:image', content: image },
    ...(shared.width === undefined || shared.height === undefined
      ? []
      : [
          { property: 'og:image:width', content: String(shared.width) },
          { property: 'og:image:height', content: String(shared.height) },
        ]),
    ...(shared.alt === undefined
      ? []
      : [
          { property: 'og:image:alt', content: shared.alt },
          { name: 'twitter:image:alt', content: shared.alt },
        ]),
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:image', content: image },
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

// --- structured data (JSON-LD, ADR 026) ------------------------------------------------------------
// React Router writes `script:ld+json` as a data block, its JSON escaped for HTML; browsers never
// run it, so it needs no CSP nonce, and a kept page (ADR 020) carries it unchanged.

/** The society as schema.org's Organization (the home page). */
export function organizationLd(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
): MetaDescriptor {
  const society = societyOf(matches);
  return {
    'script:ld+json': {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: society.name,
      alternateName: society.acronym,
      url: absoluteUrl(society.publicBaseUrl, '/'),
      logo: absoluteUrl(society.publicBaseUrl, '/icon-512.png'),
    },
  };
}

/** A page's breadcrumb as schema.org's BreadcrumbList: home, then `trail` (site-relative). */
export function breadcrumbLd(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
  trail: { label: string; to: string }[],
): MetaDescriptor {
  const { publicBaseUrl } = societyOf(matches);
  return {
    'script:ld+json': {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [{ label: 'Home', to: '/' }, ...trail].map((step, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: step.label,
        item: absoluteUrl(publicBaseUrl, step.to),
      })),
    },
  };
}

/** A news item as schema.org's NewsArticle. */
export function newsArticleLd(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
  article: { title: string; url: string; publishedOn: string; image?: string; description: string },
): MetaDescriptor {
  const society = societyOf(matches);
  return {
    'script:ld+json': {
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: article.title.slice(0, 110),
      description: article.description,
      datePublished: article.publishedOn,
      mainEntityOfPage: article.url,
      image: [absoluteUrl(society.publicBaseUrl, article.image ?? defaultShareImage(society).url)],
      inLanguage: 'it',
      publisher: {
        '@type': 'Organization',
        name: society.name,
        logo: {
          '@type': 'ImageObject',
          url: absoluteUrl(society.publicBaseUrl, '/icon-512.png'),
        },
      },
    },
  };
}

/** The first image of a rich text (`<img src>`), the share image of a news item; else undefined. */
export function firstImageOf(html: string): string | undefined {
  const source = /<img\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/i.exec(html)?.[1];
  return source !== undefined && /^(https?:\/\/|\/[^/])/.test(source) ? source : undefined;
}
