import { Screen } from '../shell/Screen.tsx';
import styles from './account.module.css';
import { DataSection } from './DataSection.tsx';
import { DevicesSection } from './DevicesSection.tsx';
import { PasskeysSection } from './PasskeysSection.tsx';
import { PasswordSection } from './PasswordSection.tsx';
import { TwoStepSection } from './TwoStepSection.tsx';

/**
 * "Account and security" under the profile menu (CONTRACT §11): one section per concern, each a
 * component of its own with its own data, so that adding one is adding a line here.
 */
export function AccountPage() {
  return (
    <Screen
      title="Account and security"
      lead="Your password, two-step verification, passkeys, the devices where you are signed in, and your data."
    >
      <div className={styles.sections}>
        <PasswordSection />
        <TwoStepSection />
        <PasskeysSection />
        <DevicesSection />
        <DataSection />
      </div>
    </Screen>
  );
}
