import { type ComponentType, lazy } from 'react';

/**
 * The console's sections, in navigation order. Each is a screen of its own under /admin, loaded
 * when first opened so the console's first load carries only the navigation and the landing
 * section. A new section is one entry here.
 */
export interface AdminSection {
  /** Under /admin; '' is the landing section. */
  path: string;
  label: string;
  /** A line under the console's title while the section is open. */
  lead: string;
  Component: ComponentType;
}

const section = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  lazy(async () => ({ default: pick(await load()) }));

export const adminSections: AdminSection[] = [
  {
    path: '',
    label: 'Overview',
    lead: 'Who is in the portal, and how much is going on.',
    Component: section(
      () => import('./overview/OverviewSection.tsx'),
      (m) => m.OverviewSection,
    ),
  },
  {
    path: 'requests',
    label: 'Pending requests',
    lead: 'People waiting for approval: approve them to mail a link to claim their profile.',
    Component: section(
      () => import('./requests/RequestsSection.tsx'),
      (m) => m.RequestsSection,
    ),
  },
  {
    path: 'members',
    label: 'Members',
    lead: 'Everyone in the portal: search, filter, and manage each member’s access.',
    Component: section(
      () => import('./members/MembersSection.tsx'),
      (m) => m.MembersSection,
    ),
  },
  {
    path: 'create',
    label: 'Create profile',
    lead: 'Create a profile for someone to claim; the link is mailed to them at once.',
    Component: section(
      () => import('./CreateProfileForm.tsx'),
      (m) => m.CreateProfileForm,
    ),
  },
  {
    path: 'audit',
    label: 'Audit log',
    lead: 'Every administrative change and sign-in failure burst: who, what and when.',
    Component: section(
      () => import('./audit/AuditSection.tsx'),
      (m) => m.AuditSection,
    ),
  },
  {
    path: 'import',
    label: 'Bulk import',
    lead: 'Create or update many profiles at once from a CSV file.',
    Component: section(
      () => import('./import/ImportSection.tsx'),
      (m) => m.ImportSection,
    ),
  },
  {
    path: 'reference',
    label: 'Reference data',
    lead: 'Schools, departments, support types, IP statuses and roles that members pick from.',
    Component: section(
      () => import('./reference/ReferenceSection.tsx'),
      (m) => m.ReferenceSection,
    ),
  },
  {
    path: 'ideas',
    label: 'Ideas',
    lead: 'Every idea in the portal: find one, assign its case manager, or remove it.',
    Component: section(
      () => import('./ideas/IdeasSection.tsx'),
      (m) => m.IdeasSection,
    ),
  },
  {
    path: 'identity',
    label: 'Identity providers',
    lead: 'Your university’s single sign-on: OpenID Connect and SAML providers members sign in with.',
    Component: section(
      () => import('./identity/IdentitySection.tsx'),
      (m) => m.IdentitySection,
    ),
  },
  {
    path: 'security',
    label: 'Security',
    lead: 'What every administrator needs to sign in.',
    Component: section(
      () => import('./security/SecuritySection.tsx'),
      (m) => m.SecuritySection,
    ),
  },
  {
    path: 'branding',
    label: 'Branding',
    lead: 'The portal’s logo, colours, labels and texts, previewed before you save, and its time zone.',
    Component: section(
      () => import('./branding/BrandingSection.tsx'),
      (m) => m.BrandingSection,
    ),
  },
];
