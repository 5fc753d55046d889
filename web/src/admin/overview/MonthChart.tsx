import { useId } from 'react';
import styles from './OverviewSection.module.css';

interface MonthChartProps {
  title: string;
  valueHeading: string;
  months: readonly { month: string; count: number }[];
}

const monthName = (month: string, style: 'short' | 'long') =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: style,
    ...(style === 'long' ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });

const WIDTH = 360;
const HEIGHT = 140;
const GAP = 6;

/**
 * Twelve months as columns in a small SVG, with the same figures as a table under a disclosure:
 * the picture for a glance, the table for screen readers and exact numbers.
 */
export function MonthChart({ title, valueHeading, months }: MonthChartProps) {
  const titleId = useId();
  const max = Math.max(1, ...months.map((m) => m.count));
  const total = months.reduce((sum, m) => sum + m.count, 0);
  const column = (WIDTH - GAP * (months.length - 1)) / months.length;

  return (
    <figure className={styles.card} aria-labelledby={titleId}>
      <figcaption id={titleId} className={styles.caption}>
        {title}
        <span className={styles.total}>{total.toLocaleString('en-US')} in 12 months</span>
      </figcaption>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${WIDTH} ${HEIGHT + 18}`}
        aria-hidden="true"
        focusable="false"
      >
        <line x1="0" x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className={styles.axis} />
        {months.map((m, i) => {
          const height = (m.count / max) * (HEIGHT - 14);
          const x = i * (column + GAP);
          return (
            <g key={m.month}>
              <rect
                x={x}
                y={HEIGHT - height}
                width={column}
                height={height}
                rx="3"
                className={styles.column}
              />
              {m.count > 0 && (
                <text x={x + column / 2} y={HEIGHT - height - 4} className={styles.columnValue}>
                  {m.count}
                </text>
              )}
              <text x={x + column / 2} y={HEIGHT + 14} className={styles.monthLabel}>
                {monthName(m.month, 'short').slice(0, 1)}
              </text>
            </g>
          );
        })}
      </svg>
      <details className={styles.details}>
        <summary>Show as a table</summary>
        <table className={styles.figures}>
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">{valueHeading}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthName(m.month, 'long')}</th>
                <td>{m.count.toLocaleString('en-US')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
