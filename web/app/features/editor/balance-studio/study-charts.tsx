import type { MorrisIndex, SobolIndex, SweepResult, TornadoBar } from '@loopwright/engine';
import type { Fan } from './study-protocol';

const W = 320;
const LABEL = 96;
const ROW = 26;
const fmt = (v: number) =>
  Number.isInteger(v) ? v.toLocaleString('en-US') : Math.abs(v) >= 100 ? v.toFixed(0) : v.toPrecision(3);

/** S1 and ST of each lever as bars on [0, 1], each with its 95 % interval. */
export function SobolBars({ indices }: { indices: Record<string, SobolIndex> }) {
  const rows = Object.entries(indices).sort((a, b) => b[1].ST - a[1].ST);
  // The right margin keeps room for each bar's value.
  const x = (v: number) => LABEL + Math.min(1, Math.max(0, v)) * (W - LABEL - 64);
  const h = rows.length * ROW * 2 + 24;
  return (
    <figure className="study-chart">
      <svg viewBox={`0 0 ${W} ${h}`} role="img" aria-label="Sobol indices: S1 and ST per lever with intervals">
        {rows.map(([name, s], i) => {
          const y = 4 + i * ROW * 2;
          const bar = (v: number, conf: number, dy: number, cls: string, label: string) => (
            <g key={label}>
              <rect x={LABEL} y={y + dy} width={x(v) - LABEL} height={ROW - 10} className={cls} />
              <line
                x1={x(v - conf)}
                x2={x(v + conf)}
                y1={y + dy + (ROW - 10) / 2}
                y2={y + dy + (ROW - 10) / 2}
                className="study-chart__ci"
              />
              <text x={x(Math.max(v, 0) + Math.max(conf, 0)) + 4} y={y + dy + ROW - 14} className="study-chart__value">
                {label} {fmt(v)}
              </text>
            </g>
          );
          return (
            <g key={name}>
              <text x={0} y={y + ROW - 4} className="study-chart__label">
                {name}
              </text>
              {bar(s.S1, s.S1_conf, 0, 'study-chart__s1', 'S1')}
              {bar(s.ST, s.ST_conf, ROW - 6, 'study-chart__st', 'ST')}
            </g>
          );
        })}
        <line x1={LABEL} x2={LABEL} y1={0} y2={h - 18} className="study-chart__axis" />
        <text x={LABEL} y={h - 4} className="study-chart__value">
          0
        </text>
        <text x={x(1)} y={h - 4} className="study-chart__value" textAnchor="middle">
          1
        </text>
      </svg>
      <figcaption>First-order (S1) and total (ST) Sobol indices; whiskers: 95 % bootstrap intervals.</figcaption>
    </figure>
  );
}

/** Morris screening: μ* per lever (bar) and σ (written beside it). */
export function MorrisBars({ indices }: { indices: Record<string, MorrisIndex> }) {
  const rows = Object.entries(indices).sort((a, b) => b[1].mu_star - a[1].mu_star);
  const top = Math.max(1e-12, ...rows.map(([, m]) => m.mu_star));
  const h = rows.length * ROW + 8;
  return (
    <figure className="study-chart">
      <svg viewBox={`0 0 ${W} ${h}`} role="img" aria-label="Morris screening: mu star per lever">
        {rows.map(([name, m], i) => (
          <g key={name}>
            <text x={0} y={i * ROW + 17} className="study-chart__label">
              {name}
            </text>
            <rect
              x={LABEL}
              y={i * ROW + 4}
              width={(m.mu_star / top) * (W - LABEL - 90)}
              height={ROW - 8}
              className="study-chart__st"
            />
            <text x={LABEL + (m.mu_star / top) * (W - LABEL - 90) + 4} y={i * ROW + 17} className="study-chart__value">
              μ* {fmt(m.mu_star)} σ {fmt(m.sigma)}
            </text>
          </g>
        ))}
      </svg>
      <figcaption>Morris screening: μ* (mean absolute effect) and σ (interactions or curvature).</figcaption>
    </figure>
  );
}

/** Each lever alone from its lowest to its highest value, around the diagram as it is. */
export function TornadoChart({ base, bars, metric }: { base: number; bars: TornadoBar[]; metric: string }) {
  const values = bars.flatMap((b) => [b.low, b.high]).concat(base);
  const lo = Math.min(...values),
    hi = Math.max(...values);
  const x = (v: number) => LABEL + ((v - lo) / (hi - lo || 1)) * (W - LABEL - 40);
  const h = bars.length * ROW + 24;
  return (
    <figure className="study-chart">
      <svg viewBox={`0 0 ${W} ${h}`} role="img" aria-label={`Tornado chart of ${metric}`}>
        {bars.map((b, i) => (
          <g key={b.lever}>
            <text x={0} y={i * ROW + 17} className="study-chart__label">
              {b.lever}
            </text>
            <rect
              x={Math.min(x(b.low), x(base))}
              y={i * ROW + 4}
              width={Math.abs(x(base) - x(b.low))}
              height={ROW - 8}
              className="study-chart__low"
            />
            <rect
              x={Math.min(x(b.high), x(base))}
              y={i * ROW + 4}
              width={Math.abs(x(b.high) - x(base))}
              height={ROW - 8}
              className="study-chart__high"
            />
          </g>
        ))}
        <line x1={x(base)} x2={x(base)} y1={0} y2={h - 18} className="study-chart__axis" />
        <text x={x(base)} y={h - 4} className="study-chart__value" textAnchor="middle">
          {fmt(base)}
        </text>
      </svg>
      <figcaption>
        {metric} with each lever at its minimum (light) and maximum (dark), the others as the diagram has them.
      </figcaption>
    </figure>
  );
}

/** A one-lever sweep as a line; two levers as a heat map. */
export function SweepChart({ result }: { result: SweepResult }) {
  const names = Object.keys(result.points[0]?.levers ?? {});
  const values = result.points.map((p) => p.value).filter(Number.isFinite);
  const lo = Math.min(...values),
    hi = Math.max(...values);
  if (names.length === 1) {
    const xs = result.points.map((p) => p.levers[names[0]]);
    const x0 = Math.min(...xs),
      x1 = Math.max(...xs);
    const H = 160;
    const px = (v: number) => 40 + ((v - x0) / (x1 - x0 || 1)) * (W - 50);
    const py = (v: number) => H - 20 - ((v - lo) / (hi - lo || 1)) * (H - 30);
    const sorted = [...result.points].sort((a, b) => a.levers[names[0]] - b.levers[names[0]]);
    return (
      <figure className="study-chart">
        <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${result.metric} against ${names[0]}`}>
          <polyline
            points={sorted.map((p) => `${px(p.levers[names[0]])},${py(p.value)}`).join(' ')}
            className="study-chart__line"
          />
          {sorted.map((p, i) => (
            <circle key={i} cx={px(p.levers[names[0]])} cy={py(p.value)} r={2.5} className="study-chart__dot" />
          ))}
          <text x={0} y={py(hi) + 4} className="study-chart__value">
            {fmt(hi)}
          </text>
          <text x={0} y={py(lo) + 4} className="study-chart__value">
            {fmt(lo)}
          </text>
          <text x={40} y={H - 4} className="study-chart__value">
            {fmt(x0)}
          </text>
          <text x={W - 10} y={H - 4} className="study-chart__value" textAnchor="end">
            {fmt(x1)}
          </text>
        </svg>
        <figcaption>
          {result.metric} against {names[0]}
        </figcaption>
      </figure>
    );
  }
  const [a, b] = names;
  const as = [...new Set(result.points.map((p) => p.levers[a]))].sort((p, q) => p - q);
  const bs = [...new Set(result.points.map((p) => p.levers[b]))].sort((p, q) => p - q);
  const cw = (W - 40) / Math.max(1, as.length),
    ch = Math.min(24, 200 / Math.max(1, bs.length));
  const shade = (v: number) => `hsl(${220 - 200 * ((v - lo) / (hi - lo || 1))} 70% 55%)`;
  return (
    <figure className="study-chart">
      <svg viewBox={`0 0 ${W} ${bs.length * ch + 20}`} role="img" aria-label={`${result.metric} over ${a} and ${b}`}>
        {result.points.map((p, i) => (
          <rect
            key={i}
            x={40 + as.indexOf(p.levers[a]) * cw}
            y={(bs.length - 1 - bs.indexOf(p.levers[b])) * ch}
            width={cw}
            height={ch}
            fill={shade(p.value)}
          >
            <title>{`${a} ${fmt(p.levers[a])}, ${b} ${fmt(p.levers[b])}: ${fmt(p.value)}`}</title>
          </rect>
        ))}
        <text x={40} y={bs.length * ch + 14} className="study-chart__value">
          {a} {fmt(as[0])} → {fmt(as[as.length - 1])}
        </text>
      </svg>
      <figcaption>
        {result.metric}: {fmt(lo)} (blue) to {fmt(hi)} (red) over {a} (across) and {b} (up); a grid shows every point, a
        Latin hypercube its own.
      </figcaption>
    </figure>
  );
}

/** P10–P90 bands and medians per step: the diagram as it is against the solution. */
export function FanChart({ name, baseline, solution }: { name: string; baseline: Fan; solution: Fan }) {
  const all = [...baseline.p10, ...baseline.p90, ...solution.p10, ...solution.p90];
  if (all.length === 0) return null;
  const lo = Math.min(0, ...all),
    hi = Math.max(...all);
  const steps = Math.max(baseline.median.length, solution.median.length);
  const H = 170;
  const px = (t: number) => 40 + (t / Math.max(1, steps - 1)) * (W - 50);
  const py = (v: number) => H - 20 - ((v - lo) / (hi - lo || 1)) * (H - 30);
  const band = (f: Fan) =>
    [...f.p90.map((v, t) => `${px(t)},${py(v)}`), ...f.p10.map((v, t) => `${px(t)},${py(v)}`).reverse()].join(' ');
  const line = (xs: number[]) => xs.map((v, t) => `${px(t)},${py(v)}`).join(' ');
  return (
    <figure className="study-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${name}: baseline against solution, P10 to P90`}>
        <polygon points={band(baseline)} className="study-chart__band-base" />
        <polygon points={band(solution)} className="study-chart__band-solution" />
        <polyline points={line(baseline.median)} className="study-chart__median-base" />
        <polyline points={line(solution.median)} className="study-chart__median-solution" />
        <text x={0} y={py(hi) + 4} className="study-chart__value">
          {fmt(hi)}
        </text>
        <text x={0} y={py(lo) + 4} className="study-chart__value">
          {fmt(lo)}
        </text>
        <text x={40} y={H - 4} className="study-chart__value">
          step 1
        </text>
        <text x={W - 10} y={H - 4} className="study-chart__value" textAnchor="end">
          step {steps}
        </text>
      </svg>
      <figcaption>
        {name}, P10–P90 and median per step: <span className="study-chart__key-base">baseline</span> and{' '}
        <span className="study-chart__key-solution">solution</span>.
      </figcaption>
    </figure>
  );
}
