import { useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { PlayPanel } from '../features/editor/player/play-panel';
import { CommunityErrorBoundary } from '../features/website/community';
import { seo } from '../lib/seo';
import { notFound, website } from '../lib/website.server';

/** /embed/{fuid}: a public diagram, runnable, for an iframe on another site (no header, no footer). */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const fuid = params.fuid;
  const diagram = fuid ? await website(context).diagram(fuid) : null;
  if (!diagram) notFound();
  return { diagram };
}

export function meta(args: MetaArgs<typeof loader>) {
  const d = args.loaderData?.diagram;
  return d
    ? [
        ...seo(args, {
          title: `${d.name} by ${d.owner.name}`,
          description: d.description || `A game economy diagram by ${d.owner.name}.`,
          image: d.thumbnail,
        }),
        { name: 'robots', content: 'noindex' },
      ]
    : [];
}

export default function EmbedPage() {
  const { diagram } = useLoaderData<typeof loader>();
  return (
    <div className="embed-page">
      <div className="embed-page__head">
        <h1>{diagram.name}</h1>
        <a href={diagram.url} target="_blank" rel="noopener">
          by {diagram.owner.name} on Loopwright ↗
        </a>
      </div>
      <PlayPanel fuid={diagram.fuid} name={diagram.name} thumbnail={diagram.thumbnail.replace('/png', '/large/png')} />
    </div>
  );
}

export const ErrorBoundary = CommunityErrorBoundary;
