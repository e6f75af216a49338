import { useOnline } from '../../lib/prefetch';

/** Online or offline follows the browser; offline visitors are told why links may not load. */
export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <p className="offline-notice" role="status">
      You are offline. Pages you have not opened yet cannot load until the connection is back.
    </p>
  );
}
