import { useEffect, useState, type ComponentType } from 'react';

export type LazyPart<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * A part of the editor that an opening diagram does not show (a panel behind a tab, a dialog), in
 * a chunk of its own: its code is fetched by `preload` or when the part is first shown, until
 * then a loading line stands in. No Suspense: React holds a revealed Suspense boundary back by up
 * to 300 ms. A failed load goes to the error boundary, as a failed editor load does.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  function Part(props: P) {
    const [state, setState] = useState<{ Component: ComponentType<P> } | { error: unknown } | null>(() =>
      loaded ? { Component: loaded } : null,
    );
    useEffect(() => {
      if (state) return;
      let live = true;
      preload().then(
        (Component) => live && setState({ Component }),
        (error: unknown) => live && setState({ error }),
      );
      return () => {
        live = false;
      };
    }, [state]);
    if (!state)
      return (
        <p className="editor-part-loading" role="status">
          Loading…
        </p>
      );
    if ('error' in state) throw state.error;
    return <state.Component {...props} />;
  }
  return Object.assign(Part, { preload });
}
