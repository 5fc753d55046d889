import { CARD_EXPERIENCES, type PersonCard } from '@kindling/contract';
import { experienceOf } from '../profiles/sections.ts';
import type { PersonRow } from './repository.ts';

/** A directory card: an explicit allow-list, with the few most recent experiences. */
export function presentCard(row: PersonRow): PersonCard {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    headline: row.headline,
    role_id: row.roleId,
    role_name: row.roleName,
    role_icon: row.roleIcon,
    school_id: row.schoolId,
    school_name: row.schoolName,
    department_id: row.departmentId,
    department_name: row.departmentName,
    profile_image_url: row.profileImageUrl,
    experiences: experienceOf(row.experience).slice(0, CARD_EXPERIENCES),
  };
}
