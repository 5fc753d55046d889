import { Link } from 'react-router';
import styles from './OverviewSection.module.css';

interface Bar {
  label: string;
  value: number;
  /** Where the bar leads, such as the members list filtered to it. */
  href?: string;
}

interface BarListProps {
  caption: string;
  valueHeading: string;
  bars: readonly Bar[];
}

/**
 * Horizontal bars drawn as a table: the table is the text equivalent, and each value cell carries a
 * bar scaled to the largest value.
 */
export function BarList({ caption, valueHeading, bars }: BarListProps) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <table className={styles.bars}>
      <caption className={styles.barCaption}>{caption}</caption>
      <thead className="visually-hidden">
        <tr>
          <th scope="col">Group</th>
          <th scope="col">{valueHeading}</th>
        </tr>
      </thead>
      <tbody>
        {bars.map((bar) => (
          <tr key={bar.label}>
            <th scope="row" className={styles.barLabel}>
              {bar.href ? <Link to={bar.href}>{bar.label}</Link> : bar.label}
            </th>
            <td className={styles.barCell}>
              <span
                className={styles.bar}
                style={{ inlineSize: `${(bar.value / max) * 100}%` }}
                aria-hidden="true"
              />
              <span className={styles.barValue}>{bar.value.toLocaleString('en-US')}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
