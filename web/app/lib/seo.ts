import type { MetaDescriptor } from 'react-router';
import { PRODUCT_NAME } from './spec';

interface SeoInput {
  title: string;
  description?: string;
  image?: string;
  type?: 'website' | 'article';
  /** Set for not-found and error results. */
  noindex?: boolean;
}

interface MetaArgsLike {
  location: { pathname: string };
  matches: ({ id: string; loaderData?: unknown } | undefined)[];
}

/** The site's origin, as the root loader saw it. */
export function siteOrigin(args: MetaArgsLike): string {
  const root = args.matches.find((m) => m?.id === 'root')?.loaderData as { origin?: string } | undefined;
  return root?.origin ?? '';
}

/** Title, description, canonical URL (without the /en prefix) and Open Graph tags. */
export function seo(args: MetaArgsLike, input: SeoInput): MetaDescriptor[] {
  const origin = siteOrigin(args);
  const path = args.location.pathname.replace(/^\/en(?=\/|$)/, '') || '/';
  const canonical = `${origin}${path}`;
  const title = input.title.includes(PRODUCT_NAME) ? input.title : `${input.title} | ${PRODUCT_NAME}`;
  const image = input.image
    ? input.image.startsWith('http')
      ? input.image
      : `${origin}${input.image}`
    : `${origin}/images/home-hero.svg`;
  const tags: MetaDescriptor[] = [
    { title },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:site_name', content: PRODUCT_NAME },
    { property: 'og:title', content: title },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:url', content: canonical },
    { property: 'og:image', content: image },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
  if (input.description)
    tags.push(
      { name: 'description', content: input.description },
      { property: 'og:description', content: input.description },
    );
  if (input.noindex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}
