import {
  interestKindLabels,
  interestStatuses,
  interestStatusLabels,
  type MemberStanding,
  memberStandings,
  type OverviewAnswer,
} from '@kindling/contract';
import { paths } from '../../app/paths.ts';
import { waitedLabel } from '../../discussion/waited.ts';
import { Loaded } from '../Loaded.tsx';
import { standingLabels } from '../members/standingLabels.ts';
import { BarList } from './BarList.tsx';
import { MonthChart } from './MonthChart.tsx';
import styles from './OverviewSection.module.css';
import { fetchOverview, overviewKey } from './overviewApi.ts';

const membersWhere = (param: string, value: string | number) =>
  `${paths.admin}/members?${param}=${value}`;

/** The console's landing section: who is in the portal, and how much is going on. */
export function OverviewSection() {
  return (
    <Loaded queryKey={overviewKey} fetch={fetchOverview}>
      {(data) => <Overview data={data} />}
    </Loaded>
  );
}

function Overview({ data }: { data: OverviewAnswer }) {
  return (
    <div className={styles.grid}>
      <div className={styles.card}>
        <BarList
          caption="Members by status"
          valueHeading="Members"
          bars={memberStandings.map((standing: MemberStanding) => ({
            label: standingLabels[standing],
            value: data.members_by_status[standing],
            href: membersWhere('status', standing),
          }))}
        />
      </div>
      <div className={styles.card}>
        <BarList
          caption="Active members by role"
          valueHeading="Active members"
          bars={data.members_by_role.map((role) => ({
            label: role.role_name,
            value: role.count,
            href: `${membersWhere('status', 'active')}&role=${role.role_id}`,
          }))}
        />
      </div>
      <div className={styles.card}>
        <BarList
          caption="Interest requests by kind"
          valueHeading="Requests"
          bars={data.interest_by_kind.map((row) => ({
            label: interestKindLabels[row.kind],
            value: row.open + row.responded + row.declined + row.closed,
          }))}
        />
      </div>
      <div className={styles.card}>
        <BarList
          caption="Interest requests by status"
          valueHeading="Requests"
          bars={interestStatuses.map((status) => ({
            label: interestStatusLabels[status],
            value: data.interest_by_kind.reduce((sum, row) => sum + row[status], 0),
          }))}
        />
        <p>
          Median time to a first answer:{' '}
          {data.interest_median_first_answer_seconds === null
            ? 'no answers yet'
            : waitedLabel(data.interest_median_first_answer_seconds)}
        </p>
      </div>
      <MonthChart title="Ideas posted" valueHeading="Ideas" months={data.ideas_by_month} />
      <MonthChart title="Ideas followed" valueHeading="Follows" months={data.follows_by_month} />
    </div>
  );
}
