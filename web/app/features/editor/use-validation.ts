import type { Problem } from '@loopwright/engine';
import { useEffect } from 'react';
import { afterFirstPaint } from '../../lib/after-first-paint';
import type { EditorServices } from './editor-context';

/**
 * Validates the document in the engine worker shortly after every change; problems are kept by
 * element id. The opened document is checked once the diagram has been painted.
 */
export function useValidation({
  store,
  engine,
  problems,
}: Pick<EditorServices, 'store' | 'engine' | 'problems'>): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let lastDoc: unknown = null;
    let ticket = 0;
    const check = () => {
      if (store.doc === lastDoc) return;
      lastDoc = store.doc;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        const mine = ++ticket;
        engine.call<Problem[]>({ type: 'validate', doc: store.doc }).then(
          (list) => {
            if (mine !== ticket) return;
            const byId = new Map<string, Problem[]>();
            for (const p of list) {
              const key = p.id || '';
              byId.set(key, [...(byId.get(key) ?? []), p]);
            }
            problems.set(byId);
          },
          () => undefined,
        );
      }, 60);
    };
    let opened = false;
    const cancelOpening = afterFirstPaint(() => {
      opened = true;
      check();
    });
    const unsubscribe = store.subscribe(() => opened && check());
    return () => {
      cancelOpening();
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [store, engine, problems]);
}
