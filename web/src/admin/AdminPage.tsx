import { useCallback } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components/Tabs';
import { useSearchParams } from 'react-router';
import { Screen } from '../shell/Screen.tsx';
import { useTenant } from '../tenant/TenantContext.ts';
import styles from './AdminPage.module.css';
import { CreateProfileForm } from './CreateProfileForm.tsx';
import { MemberList } from './MemberList.tsx';

const tabs = ['requests', 'members', 'create'] as const;
type AdminTab = (typeof tabs)[number];

const isTab = (value: string | null): value is AdminTab => tabs.includes(value as AdminTab);

/** The administration console (CONTRACT §3, §6): pending requests, members, new profiles. */
export function AdminPage() {
  const { branding } = useTenant();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: AdminTab = isTab(requested) ? requested : 'requests';
  const page = Math.max(1, Number(params.get('page')) || 1);

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      }),
    [setParams],
  );
  const onPage = useCallback(
    (next: number) => update({ page: next > 1 ? String(next) : null }),
    [update],
  );

  return (
    <Screen
      title={branding.navLabels.administration}
      lead="Review invitation requests, keep an eye on members and create profiles for people to claim."
    >
      <Tabs
        className={styles.tabs}
        selectedKey={tab}
        onSelectionChange={(key) =>
          update({ tab: key === 'requests' ? null : String(key), page: null })
        }
      >
        <TabList className={styles.tabList} aria-label="Administration">
          <Tab className={styles.tab} id="requests">
            Pending requests
          </Tab>
          <Tab className={styles.tab} id="members">
            Members
          </Tab>
          <Tab className={styles.tab} id="create">
            Create profile
          </Tab>
        </TabList>
        <TabPanel className={styles.panel} id="requests">
          <MemberList
            variant="requests"
            adminStatusId={1}
            page={page}
            onPage={onPage}
            empty={{
              title: 'Pending requests',
              message: 'No one is waiting for approval. New requests and invitations appear here.',
            }}
          />
        </TabPanel>
        <TabPanel className={styles.panel} id="members">
          <MemberList
            variant="members"
            adminStatusId={undefined}
            page={page}
            onPage={onPage}
            empty={{ title: 'Members', message: 'There are no members yet.' }}
          />
        </TabPanel>
        <TabPanel className={styles.panel} id="create">
          <CreateProfileForm />
        </TabPanel>
      </Tabs>
    </Screen>
  );
}
