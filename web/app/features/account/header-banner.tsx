import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

/** The header error banner clears itself after 3 s (spec); notices stay a little longer. */
export const HEADER_ERROR_MS = 3000;
const HEADER_NOTICE_MS = 8000;

type Kind = 'error' | 'success';
interface Banner {
  id: number;
  kind: Kind;
  message: string;
}
interface HeaderBannerApi {
  showError: (message: string) => void;
  showNotice: (message: string) => void;
}

const HeaderBannerContext = createContext<HeaderBannerApi | null>(null);

export function HeaderBannerProvider({ children }: { children: ReactNode }) {
  const [banner, setBanner] = useState<Banner | null>(null);
  const counter = useRef(0);
  const show = useCallback((kind: Kind, message: string) => setBanner({ id: ++counter.current, kind, message }), []);
  useEffect(() => {
    if (!banner) return;
    const timer = window.setTimeout(
      () => setBanner(null),
      banner.kind === 'error' ? HEADER_ERROR_MS : HEADER_NOTICE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [banner]);
  const api = useMemo<HeaderBannerApi>(
    () => ({ showError: (m) => show('error', m), showNotice: (m) => show('success', m) }),
    [show],
  );
  return (
    <HeaderBannerContext.Provider value={api}>
      {children}
      {/* Always present so screen readers announce what appears in it. */}
      <div
        className="header-banner-region"
        role={banner?.kind === 'error' ? 'alert' : 'status'}
        aria-live={banner?.kind === 'error' ? 'assertive' : 'polite'}
      >
        {banner ? (
          <div key={banner.id} className={`header-banner header-banner--${banner.kind}`} data-testid="header-banner">
            <span>{banner.message}</span>
            <button type="button" className="header-banner__close" aria-label="Dismiss" onClick={() => setBanner(null)}>
              ×
            </button>
          </div>
        ) : null}
      </div>
    </HeaderBannerContext.Provider>
  );
}

export function useHeaderBanner(): HeaderBannerApi {
  const api = useContext(HeaderBannerContext);
  if (!api) throw new Error('useHeaderBanner must be used inside <HeaderBannerProvider>');
  return api;
}
