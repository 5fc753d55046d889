import { useNavigation } from 'react-router';
import styles from './NavigationProgress.module.css';

/** A thin bar across the top while the next screen's code loads. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className={styles.bar} aria-hidden="true" />;
}
