import type { UserProfile } from './profileApi.ts';

/** A faculty member's profile as GET /profiles/{id} answers it, for the form's unit tests. */
export function testProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    id: 2,
    tenant_id: 1,
    first_name: 'Priya',
    last_name: 'Raman',
    email: 'faculty@demo.localhost',
    role_id: 2,
    role_name: 'Faculty',
    role_icon: 'faculty',
    school_id: 1,
    school_name: 'School of Engineering',
    department_id: 4,
    department_name: 'Bioengineering',
    headline: 'Associate Professor of Bioengineering',
    location: 'Columbus, Ohio',
    bio: '<p>I direct the <strong>Soft Bioelectronics Lab</strong>.</p>',
    profile_image_url: null,
    linkedin_url: null,
    google_scholar_url: null,
    faculty_page_url: null,
    user_status_id: 2,
    admin_status_id: 2,
    education: [],
    most_recent_experience: [],
    patents: [],
    projects: [],
    publications: [],
    total_citations: 0,
    oldest_publication_year: null,
    grants: [],
    ideas: [],
    permissions: [],
    ...overrides,
  };
}
