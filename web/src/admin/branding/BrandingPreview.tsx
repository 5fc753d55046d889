import type { Branding } from '@kindling/contract';
import type { CSSProperties } from 'react';
import { Logo } from '../../shell/Logo.tsx';
import { TenantContext, useTenant } from '../../tenant/TenantContext.ts';
import styles from './BrandingPreview.module.css';

/** Style keys are custom property names without the dashes, as applyBranding sets them. */
const STYLE_KEY = /^[a-z][a-z0-9-]*$/i;

/** The draft's styles as custom properties on the preview alone, never on the page around it. */
export function previewStyle(branding: Branding): CSSProperties {
  const style: Record<string, string> = {};
  for (const [key, value] of Object.entries(branding.styles)) {
    if (STYLE_KEY.test(key) && typeof value === 'string') style[`--${key}`] = value;
  }
  return style as CSSProperties;
}

const PROFILE_FIELDS = ['firstName', 'lastName', 'position', 'bio'] as const;

/**
 * A miniature home page and update-profile screen drawn with the unsaved branding. Nothing in it
 * is interactive: it shows how the texts and colours will look, not a second copy of the app.
 */
export function BrandingPreview({ branding }: { branding: Branding }) {
  const tenant = useTenant();
  const labels = branding.navLabels;
  const home = branding.home;
  const screen = branding.profileScreen;
  return (
    <TenantContext value={{ ...tenant, branding }}>
      <div className={styles.preview} style={previewStyle(branding)} data-testid="branding-preview">
        <figure className={styles.frame}>
          <figcaption className={styles.caption}>Home page</figcaption>
          <div className={styles.page}>
            <div className={styles.header}>
              <span className={styles.logo}>
                <Logo />
              </span>
              <span className={styles.nav}>
                <span className={styles.navActive}>{labels.ideas}</span>
                <span>{labels.people}</span>
              </span>
            </div>
            <div className={styles.hero}>
              <p className={styles.title}>{home.title}</p>
              <p className={styles.tagline}>{home.tagline}</p>
              <span className={styles.button} data-testid="preview-primary-button">
                {home.callToAction}
              </span>
              <p className={styles.small}>
                {home.signInPrompt} <span className={styles.link}>{home.signInLink}</span>
              </p>
            </div>
            <ul className={styles.cards}>
              {home.descriptions.slice(0, 3).map((text, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: drafts may repeat a line while typed
                <li key={index} className={styles.card}>
                  <span className={styles.clamp}>{text}</span>
                </li>
              ))}
            </ul>
            <div className={styles.footer}>
              <span>{branding.footer.copyrightNotice}</span>
              <span className={styles.footerLinks}>
                <span className={styles.link}>{labels.terms}</span>
                <span className={styles.link}>{labels.helpCenter}</span>
                {branding.linkedinURL && <span className={styles.link}>LinkedIn</span>}
              </span>
            </div>
          </div>
        </figure>
        <figure className={styles.frame}>
          <figcaption className={styles.caption}>Update-profile screen</figcaption>
          <div className={styles.page}>
            <div className={styles.sheet}>
              <p className={styles.title}>{screen.title}</p>
              <p className={styles.small}>{screen.updateDetails}</p>
              {PROFILE_FIELDS.map((key) => {
                const field = screen.fields[key];
                return (
                  <div key={key} className={styles.field}>
                    <span className={styles.label}>{field.label}</span>
                    <span className={styles.input}>{field.placeholder}</span>
                    <span className={styles.hint}>{field.description}</span>
                  </div>
                );
              })}
              <div className={styles.actions}>
                <span className={styles.secondary}>{screen.actions.cancelButton}</span>
                <span className={styles.button}>{screen.actions.saveButton}</span>
              </div>
            </div>
          </div>
        </figure>
      </div>
    </TenantContext>
  );
}
