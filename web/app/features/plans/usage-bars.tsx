import { formatLimit, type UsageInfo } from './plans-api';

/** Usage against each plan limit, as bars (a limit without a count shows the allowance only). */
export function UsageBars({ items }: { items: UsageInfo[] }) {
  return (
    <ul className="usage-bars" aria-label="Usage against your plan's limits">
      {items.map((item) => {
        const share =
          item.used !== null && item.allowed
            ? Math.min(1, item.used / item.allowed)
            : item.used !== null && item.allowed === 0
              ? 1
              : 0;
        const level = share >= 1 ? 'full' : share >= 0.8 ? 'high' : 'ok';
        return (
          <li key={item.limit} className={`usage-bar usage-bar--${level}`}>
            <div className="usage-bar__head">
              <span>{item.label}</span>
              <strong>
                {item.used === null
                  ? formatLimit(item.allowed)
                  : `${formatLimit(item.used)} of ${formatLimit(item.allowed)}`}
              </strong>
            </div>
            {item.used !== null ? (
              <div
                className="usage-bar__track"
                role="meter"
                aria-label={item.label}
                aria-valuemin={0}
                aria-valuemax={item.allowed ?? item.used}
                aria-valuenow={item.used}
                aria-valuetext={item.allowed === null ? `${item.used}, no limit` : `${item.used} of ${item.allowed}`}
              >
                <span
                  style={{ width: `${item.allowed === null ? 4 : Math.max(share * 100, item.used > 0 ? 2 : 0)}%` }}
                />
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
