import type { SyntheticEvent } from 'react';
import { useTenant } from '../tenant/TenantContext.ts';
import styles from './Logo.module.css';

export const DEFAULT_LOGO = '/brand/kindling-logo.svg';

function fallBackToDefault(event: SyntheticEvent<HTMLImageElement>) {
  const image = event.currentTarget;
  // A tenant's broken logo URL should not leave an empty box in the header.
  if (!image.src.endsWith(DEFAULT_LOGO)) image.src = DEFAULT_LOGO;
}

/** The tenant's logo, named by its product for assistive technology. */
export function Logo({ size = 'medium' }: { size?: 'medium' | 'large' }) {
  const { branding } = useTenant();
  return (
    <img
      className={size === 'large' ? styles.large : styles.medium}
      src={branding.logo || DEFAULT_LOGO}
      alt={branding.productName}
      // The default logo's size: the box is reserved before any logo loads, and CSS scales a
      // tenant's own logo to the same height at its own proportions.
      width={132}
      height={36}
      onError={fallBackToDefault}
    />
  );
}
