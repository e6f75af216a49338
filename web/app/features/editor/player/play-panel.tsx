import { lazy, Suspense, useState } from 'react';

const CommunityPlayer = lazy(() => import('./community-player'));

/** "Play" on a public diagram's page: runs it here, in the browser, for anyone. */
export function PlayPanel({
  fuid,
  name,
  thumbnail,
  autoStart = false,
}: {
  fuid: string;
  name: string;
  thumbnail: string;
  autoStart?: boolean;
}) {
  const [playing, setPlaying] = useState(autoStart);
  if (playing) {
    return (
      <Suspense
        fallback={
          <div className="community-player" data-testid="community-player" data-status="loading">
            <p>Loading the engine…</p>
          </div>
        }
      >
        <CommunityPlayer fuid={fuid} onExit={autoStart ? undefined : () => setPlaying(false)} />
      </Suspense>
    );
  }
  return (
    <div className="play-panel">
      <img className="article__image" src={thumbnail} alt={`The diagram ${name}`} width={960} height={540} />
      <div className="play-panel__bar">
        <button type="button" className="play-panel__button" onClick={() => setPlaying(true)} data-testid="play-button">
          <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M8 5v14l11-7z" fill="currentColor" />
          </svg>
          Play
        </button>
      </div>
    </div>
  );
}
