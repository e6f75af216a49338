import { MARK_COLOURS } from './compare-scene';

export interface Band {
  p10: number[];
  median: number[];
  p90: number[];
}

export const BEFORE_COLOUR = MARK_COLOURS.moved;
export const AFTER_COLOUR = '#5A55F4';

const W = 320;
const H = 150;
const PAD = { left: 40, right: 8, top: 8, bottom: 22 };

/** Two P10–P90 bands of one pool over the steps, the older version's under the newer one's, with medians. */
export function BandsChart({ name, before, after }: { name: string; before?: Band; after?: Band }) {
  const bands = [before, after].filter((b): b is Band => !!b);
  const steps = Math.max(1, ...bands.map((b) => b.median.length));
  const lo = Math.min(0, ...bands.flatMap((b) => b.p10));
  const hi = Math.max(1, ...bands.flatMap((b) => b.p90));
  const x = (t: number) => PAD.left + (steps === 1 ? 0 : (t / (steps - 1)) * (W - PAD.left - PAD.right));
  const y = (v: number) => PAD.top + (1 - (v - lo) / (hi - lo || 1)) * (H - PAD.top - PAD.bottom);
  const area = (b: Band) =>
    `M${b.p90.map((v, t) => `${x(t)},${y(v)}`).join('L')}L${b.p10
      .map((v, t) => `${x(t)},${y(v)}`)
      .reverse()
      .join('L')}Z`;
  const line = (vs: number[]) => `M${vs.map((v, t) => `${x(t)},${y(v)}`).join('L')}`;
  const fmt = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1));
  return (
    <figure className="bands-chart">
      <figcaption>{name}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${name}: P10 to P90 of both versions over ${steps} steps`}>
        <line x1={PAD.left} x2={W - PAD.right} y1={y(lo)} y2={y(lo)} className="bands-chart__axis" />
        <line x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={H - PAD.bottom} className="bands-chart__axis" />
        <text x={PAD.left - 4} y={y(hi) + 4} textAnchor="end">
          {fmt(hi)}
        </text>
        <text x={PAD.left - 4} y={y(lo)} textAnchor="end">
          {fmt(lo)}
        </text>
        <text x={W - PAD.right} y={H - 6} textAnchor="end">
          step {steps}
        </text>
        {before ? (
          <g data-testid="band-before">
            <path d={area(before)} fill={BEFORE_COLOUR} fillOpacity={0.22} />
            <path d={line(before.median)} stroke={BEFORE_COLOUR} strokeWidth={1.5} fill="none" strokeDasharray="4 3" />
          </g>
        ) : null}
        {after ? (
          <g data-testid="band-after">
            <path d={area(after)} fill={AFTER_COLOUR} fillOpacity={0.28} />
            <path d={line(after.median)} stroke={AFTER_COLOUR} strokeWidth={1.5} fill="none" />
          </g>
        ) : null}
      </svg>
    </figure>
  );
}
