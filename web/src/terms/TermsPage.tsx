import { TermsContent } from './TermsContent.tsx';
import styles from './TermsPages.module.css';

/** The terms inside the layout, for signed-in members (`/terms-and-conditions`). */
export function TermsPage() {
  return (
    <div className={styles.container}>
      <div className={styles.paper}>
        <TermsContent />
      </div>
    </div>
  );
}
