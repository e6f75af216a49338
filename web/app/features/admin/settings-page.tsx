import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { errorMessage } from '../../lib/api-client';
import { FormMessage } from '../account/forms';
import { PageLoading } from '../account/page-shell';

/** What a settings screen says under its form after saving, testing or removing. */
export type Notice = { kind: 'success' | 'error'; text: string } | null;

/**
 * A settings screen's saved view (Mail server, Single sign-on), loaded once. `show` puts a view
 * the server answered (loaded, saved or removed) on the screen, and `fill` puts it in the form;
 * `notice` is what the last save, test or removal said. Render `<Loading>` until `view` is there.
 */
export function useView<V>(load: () => Promise<V>, fill: (view: V) => void) {
  const [view, setView] = useState<V | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const latest = useRef({ load, fill });
  latest.current = { load, fill };
  const show = useCallback((value: V) => {
    setView(value);
    latest.current.fill(value);
  }, []);
  useEffect(() => {
    latest.current.load().then(show, (error: unknown) => setLoadError(errorMessage(error)));
  }, [show]);
  return { view, show, loadError, notice, setNotice };
}

/** While a settings screen loads: the spinner, or why it could not load. */
export function Loading({ error, label }: { error: string | null; label: string }) {
  return error ? <FormMessage>{error}</FormMessage> : <PageLoading label={label} />;
}

/** The state of the settings above the form: a badge ("On", "No mail server"…) and a sentence. */
export function State({
  tone,
  badge,
  badgeKind,
  children,
}: {
  tone: 'success' | 'info' | 'warning';
  badge: string;
  badgeKind: 'database' | 'environment' | 'none';
  children: ReactNode;
}) {
  return (
    <div className={`acc-notice acc-notice--${tone}`} role="status">
      <p>
        <span className={`acc-badge acc-badge--${badgeKind}`}>{badge}</span> {children}
      </p>
    </div>
  );
}

/** The form's own error and the last notice, read out as they change. */
export function Messages({ formError, notice }: { formError: string | null; notice: Notice }) {
  return (
    <div aria-live="polite">
      <FormMessage>{formError}</FormMessage>
      {notice ? <FormMessage kind={notice.kind}>{notice.text}</FormMessage> : null}
    </div>
  );
}

/** "Remove": asks first, then forgets the saved settings; the outcome goes to the notice. */
export function RemoveButton({
  label,
  question,
  done,
  disabled,
  remove,
  onNotice,
}: {
  label: string;
  question: string;
  done: string;
  disabled: boolean;
  remove: () => Promise<void>;
  onNotice: (notice: Notice) => void;
}) {
  const [removing, setRemoving] = useState(false);
  return (
    <button
      type="button"
      className="button acc-button--danger"
      disabled={removing || disabled}
      onClick={async () => {
        if (!window.confirm(question)) return;
        setRemoving(true);
        onNotice(null);
        try {
          await remove();
          onNotice({ kind: 'success', text: done });
        } catch (error) {
          onNotice({ kind: 'error', text: errorMessage(error) });
        } finally {
          setRemoving(false);
        }
      }}
    >
      {removing ? 'Removing…' : label}
    </button>
  );
}
