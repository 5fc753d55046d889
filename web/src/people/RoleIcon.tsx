import type { ReactNode } from 'react';
import { Icon, type IconProps } from '../shell/icons.tsx';

/** The role icons a tenant's roles name (`roles.icon`); an unknown name gets a plain person. */
const shapes: Record<string, ReactNode> = {
  student: (
    <>
      <path d="M2 9l10-5 10 5-10 5L2 9Z" />
      <path d="M6 11v5c0 1.7 2.7 3 6 3s6-1.3 6-3v-5M22 9v6" />
    </>
  ),
  faculty: (
    <>
      <path d="M4 5.5A1.5 1.5 0 0 1 5.5 4H11v16H5.5A1.5 1.5 0 0 1 4 18.5v-13Z" />
      <path d="M20 5.5A1.5 1.5 0 0 0 18.5 4H13v16h5.5a1.5 1.5 0 0 0 1.5-1.5v-13Z" />
    </>
  ),
  staff: (
    <>
      <rect x="3" y="7" width="18" height="13" rx="2" />
      <path d="M9 7V5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2M3 13h18" />
    </>
  ),
  industry: (
    <>
      <path d="M3 21V10l6 4V10l6 4V4h6v17H3Z" />
      <path d="M7 17h2M12 17h2M17 17h1" />
    </>
  ),
};

const person = (
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </>
);

export function RoleIcon({ icon, ...props }: { icon: string } & IconProps) {
  return <Icon {...props}>{shapes[icon] ?? person}</Icon>;
}
