import { FACULTY_ROLE_ID, type UserProfile } from '@kindling/contract';
import { sanitizeBio } from './bio.ts';
import type { OwnIdeaRow, ProfileRow } from './repository.ts';
import {
  educationOf,
  experienceOf,
  grantsOf,
  patentsOf,
  projectsOf,
  publicationsOf,
  publicationTotals,
} from './sections.ts';

/** SPEC §3 user profile, from the row and the member's ideas: an explicit allow-list. */
export function presentProfile(
  row: ProfileRow,
  ideas: OwnIdeaRow[],
  orcidSignIn: boolean,
): UserProfile {
  const publications = publicationsOf(row.publications);
  return {
    id: row.id,
    tenant_id: row.tenantId,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    role_id: row.roleId,
    role_name: row.roleName,
    role_icon: row.roleIcon,
    school_id: row.schoolId,
    school_name: row.schoolName,
    department_id: row.departmentId,
    department_name: row.departmentName,
    headline: row.headline,
    location: row.location,
    // Saved bios are sanitised on the way in; seeds and imports write rows directly, so the answer
    // is sanitised again rather than trusting every writer.
    bio: sanitizeBio(row.bio),
    profile_image_url: row.profileImageUrl,
    linkedin_url: row.linkedinUrl || null,
    google_scholar_url: row.roleId === FACULTY_ROLE_ID ? row.googleScholarUrl || null : null,
    faculty_page_url: row.facultyPageUrl || null,
    user_status_id: row.userStatusId,
    admin_status_id: row.adminStatusId,
    education: educationOf(row.education),
    most_recent_experience: experienceOf(row.experience),
    patents: patentsOf(row.patents),
    projects: projectsOf(row.projects),
    publications,
    ...publicationTotals(publications),
    grants: grantsOf(row.grants),
    orcid: row.orcid,
    orcid_verified: row.orcid !== null && row.orcidVerified,
    orcid_sign_in: orcidSignIn,
    ideas: ideas.map((idea) => ({
      id: idea.id,
      title: idea.title,
      created_at: idea.createdAt.toISOString(),
    })),
    permissions: row.permissions,
  };
}
