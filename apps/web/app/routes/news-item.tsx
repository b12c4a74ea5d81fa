import { data, Link, redirect } from 'react-router';
import type { Route } from './+types/news-item';
import { Breadcrumb } from '../components/breadcrumb';
import {
  breadcrumbLd,
  firstImageOf,
  newsArticleLd,
  pageMeta,
  type ShareImage,
} from '../format/meta';
import { NewsArticle } from '../features/news/news-article';
import { articleHref } from '../features/news/news-search';
import { ShareBar } from '../shared/sharing/share-links';

/** The page of one news item, `/news/<id>-<slug>` (ADR 004): a shareable address per item. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const match = /^(\d{1,12})(?:-|$)/.exec(params.slug);
  const article = match ? await context.content.getArticle(Number(match[1])) : null;
  if (article === null) throw data(null, { status: 404 });
  const canonical = articleHref(article);
  // The slug follows the title, so an old address moves; never kept by browsers (ADR 028): a
  // cached 301 from A to B would loop once the title is renamed back to A.
  if (new URL(request.url).pathname !== canonical)
    throw redirect(canonical, { status: 301, headers: { 'Cache-Control': 'no-store' } });
  return {
    article,
    acronym: context.society.acronym,
    xHandle: context.society.xHandle,
    /** The canonical address (Open Graph). */
    url: `${context.society.publicBaseUrl}${canonical}`,
    /** Share links use the address the visitor is on (spec §2.14). */
    shareUrl: new URL(canonical, request.url).toString(),
  };
}

function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

export const meta: Route.MetaFunction = ({ matches, data: loaded }) => {
  if (!loaded) return pageMeta(matches, { title: 'Notizia non trovata', description: '' });
  const { article, url } = loaded;
  const description = plainText(article.subtitle).slice(0, 200) || article.title;
  // Its cover (ADR 034), else its text's first image, else the society's card (ADR 026).
  const firstImage = firstImageOf(article.subtitle);
  const image: ShareImage | undefined =
    article.cover !== null
      ? {
          url: article.cover.url,
          width: article.cover.width,
          height: article.cover.height,
          alt: article.cover.alt,
        }
      : firstImage === undefined
        ? undefined
        : { url: firstImage };
  return [
    ...pageMeta(matches, {
      title: article.title,
      description,
      type: 'article',
      url,
      ...(image === undefined ? {} : { image }),
    }),
    { property: 'article:published_time', content: article.dataPubblicazione },
    newsArticleLd(matches, {
      title: article.title,
      url,
      publishedOn: article.dataPubblicazione,
      description,
      ...(image === undefined ? {} : { image: image.url }),
    }),
    breadcrumbLd(matches, [
      { label: 'News', to: '/news' },
      { label: article.title, to: new URL(url).pathname },
    ]),
  ];
};

export default function NewsItemPage({ loaderData }: Route.ComponentProps) {
  const { article, acronym, xHandle, shareUrl } = loaderData;
  return (
    <div className="container py-4 news-article">
      <Breadcrumb trail={[{ label: 'News', to: '/news' }, { label: article.title }]} />
      <NewsArticle article={article} acronym={acronym} />
      <ShareBar url={shareUrl} title={article.title} xHandle={xHandle} />
      <Link to="/news" className="btn btn-outline-primary mt-4">
        Tutte le notizie
      </Link>
    </div>
  );
}
