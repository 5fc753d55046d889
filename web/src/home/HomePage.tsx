import type { ComponentType, SVGProps } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../app/paths.ts';
import buttons from '../shell/buttons.module.css';
import { ArrowRightIcon, LightbulbIcon, PeopleIcon, ShieldIcon } from '../shell/screenIcons.tsx';
import { useTenant } from '../tenant/TenantContext.ts';
import styles from './HomePage.module.css';
import { ProductPreview } from './ProductPreview.tsx';

const cardIcons: ComponentType<SVGProps<SVGSVGElement>>[] = [LightbulbIcon, PeopleIcon, ShieldIcon];

/** The signed-out landing page (SPEC §2 Home); every text comes from the tenant's branding. */
export function HomePage() {
  const { branding } = useTenant();
  const home = branding.home;
  // Signing in from here returns to the page a guard turned the visitor away from.
  const { state } = useLocation();

  return (
    <>
      <section className={styles.hero} aria-labelledby="home-title">
        <div className={styles.heroInner}>
          <div className={styles.heroText}>
            <h1 id="home-title" className={styles.title}>
              {home.title}
            </h1>
            <p className={styles.tagline}>{home.tagline}</p>
            <div className={styles.ctas}>
              <Link className={`${buttons.primary} ${buttons.large}`} to={paths.requestInvite}>
                {home.callToAction}
                <ArrowRightIcon width={18} height={18} />
              </Link>
              <p className={styles.signIn}>
                {home.signInPrompt}{' '}
                <Link to={paths.signIn} state={state}>
                  {home.signInLink}
                </Link>
              </p>
            </div>
          </div>
          <ProductPreview />
        </div>
      </section>

      {home.descriptions.length > 0 && (
        <section className={styles.values} aria-label={`About ${branding.productName}`}>
          <ul className={styles.cards}>
            {home.descriptions.map((text, index) => {
              const Icon = cardIcons[index % cardIcons.length] ?? LightbulbIcon;
              return (
                <li key={text} className={styles.card}>
                  <span className={styles.cardIcon}>
                    <Icon width={22} height={22} />
                  </span>
                  <p>{text}</p>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </>
  );
}
