import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { BalanceTestCard } from './balance-test-card';
import { balanceTestsApi, type BalanceTestView } from './balance-tests-api';

/** The home lists' Tests tab: every balance test on my diagrams, with its latest result; run any of them. */
export function BalanceTestList() {
  const [items, setItems] = useState<BalanceTestView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    balanceTestsApi.all().then(
      (r) => live && setItems(r),
      (e) => live && setError(errorMessage(e)),
    );
    return () => {
      live = false;
    };
  }, []);
  if (error)
    return (
      <p className="diagram-list__error" role="alert">
        {error}
      </p>
    );
  if (!items) return <p role="status">Loading…</p>;
  if (!items.length)
    return (
      <p className="diagram-list__empty">
        No balance tests yet. Open a diagram and add one in its Tests panel: for example, “Gold after 100 steps is
        between 50 and 200 in at least 95% of 1,000 runs”.
      </p>
    );
  return (
    <ul className="balance-tests">
      {items.map((t) => (
        <BalanceTestCard
          key={t.id}
          test={t}
          origin="list"
          showDiagram
          onChange={(next) =>
            setItems((list) =>
              next ? list!.map((x) => (x.id === t.id ? next : x)) : list!.filter((x) => x.id !== t.id),
            )
          }
        />
      ))}
    </ul>
  );
}
