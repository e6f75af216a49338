import { useEffect } from 'react';
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
  type HeadersFunction,
  type ShouldRevalidateFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
} from 'react-router';
import { AccountProviders } from './features/account/account-providers';
import { hasSessionCookie } from './features/account/session-hint';
import { localeFromRequest } from './lib/locale';
import { serverRequestContext } from './lib/server-context';
import { reloadForChunkError } from './lib/chunk-reload';
import { Texts } from './lib/spec';
import { websiteShell } from './lib/website-shell.server';
import { editorPreloads } from './lib/editor-preload.server';
import { CookieConsent } from './features/consent/cookie-consent';
import { NavigationEffects } from './features/website/navigation-effects';
import { OfflineNotice } from './features/website/offline-notice';
import { UpgradePrompt } from './features/plans/upgrade-prompt';
import { ErrorPage } from './ui/error-page';
import { SiteFooter } from './features/website/site-footer';
import { SiteHeader } from './features/website/site-header';
import stylesheet from './styles/app.css?url';
import { earlyRequestsScript } from './lib/early-requests';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.ico', sizes: '48x48' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { locale, setCookie } = localeFromRequest(request);
  const server = context.get(serverRequestContext);
  const nonce = server.cspNonce;
  const url = new URL(request.url);
  const headers = setCookie ? { 'Set-Cookie': setCookie } : undefined;
  // Strict paths: /about/ is not /about (the home page under /en/ is).
  if (url.pathname.length > 1 && url.pathname.endsWith('/') && url.pathname !== '/en/')
    throw data(Texts.notFound, { status: 404, headers });
  const website = await websiteShell(server.website, server.site, url);
  return data(
    { locale, nonce, hasSession: hasSessionCookie(request), editorPreloads: editorPreloads(url.pathname), ...website },
    headers ? { headers } : undefined,
  );
}

// Menus, logos and settings do not change between navigations.
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => {
  const cookie = loaderHeaders.get('Set-Cookie') ?? errorHeaders?.get('Set-Cookie');
  return cookie ? { 'Set-Cookie': cookie } : new Headers();
};

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  const nonce = root?.nonce || undefined;
  const matches = useMatches();
  const error = useRouteError();
  // The transparent header: only on the home page and the error page.
  const transparent = Boolean(error) || matches.some((m) => m.id === 'home' || m.id === 'en/home');
  // The editor takes the whole window: no site header, footer or cookie banner over the canvas.
  const embedded = matches.some((m) => m.id === 'embed' || m.id === 'en/embed');
  const fullWindow =
    !error && (embedded || matches.some((m) => m.id === 'diagram-editor' || m.id === 'en/diagram-editor'));
  useEffect(() => {
    // Browser tests and support staff can tell a hydrated page from server HTML.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <html lang={root?.locale ?? 'en'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#5a55f4" />
        {/* Before the stylesheets: an inline script waits for the stylesheets above it to load. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: earlyRequestsScript(root?.hasSession ?? false) }} />
        {root?.editorPreloads.scripts.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
        <Meta />
        <Links />
        {root?.editorPreloads.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body>
        <AccountProviders hasSession={root?.hasSession ?? true}>
          <a className="skip-link" href="#main">
            Skip to content
          </a>
          {fullWindow ? null : <SiteHeader menus={root?.menus ?? null} transparent={transparent} />}
          <main id="main">{children}</main>
          {fullWindow ? null : <SiteFooter menus={root?.menus ?? null} partners={root?.partners ?? []} />}
          {fullWindow ? null : <CookieConsent thirdParty={root?.thirdParty ?? {}} nonce={nonce} />}
          <NavigationEffects />
          <OfflineNotice />
          <UpgradePrompt />
        </AccountProviders>
        {/* Its inline script reads sessionStorage, which throws in a frame on a site that blocks third-party storage. */}
        {embedded ? null : <ScrollRestoration nonce={nonce} />}
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: { error: unknown }) {
  reloadForChunkError(error);
  if (isRouteErrorResponse(error)) {
    return <ErrorPage status={error.status} message={typeof error.data === 'string' ? error.data : error.statusText} />;
  }
  const message =
    import.meta.env.DEV && error instanceof Error ? error.message : 'Something went wrong while loading this page.';
  return <ErrorPage status={500} message={message} />;
}
