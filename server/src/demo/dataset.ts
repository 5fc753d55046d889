/**
 * The shape of the demo university's content. The seed turns it into rows; keeping it as plain
 * data lets the seed, the tests and the e2e journeys refer to the same people and ideas by key.
 */
type RoleId = 1 | 2 | 3 | 4;

export interface DemoSchool {
  name: string;
  departments: string[];
}

interface DemoEducation {
  institution: string;
  degree: string;
  start_year: number;
  end_year: number | null;
  activities: string;
}

interface DemoExperience {
  title: string;
  organization: string;
  employment_type: 'Full-time' | 'Part-time' | 'Contract' | 'Internship' | 'Self-employed';
  /** ISO date, YYYY-MM-DD */
  start_date: string;
  end_date: string | null;
  description: string;
}

interface DemoProfilePatent {
  title: string;
  patent_number: string;
  /** ISO date, YYYY-MM-DD */
  issue_date: string;
}

interface DemoProject {
  title: string;
  start_date: string;
  end_date: string | null;
  description: string;
}

interface DemoPublication {
  title: string;
  authors: string;
  year: number;
  citations: number;
}

interface DemoGrant {
  organization: string;
  grant_number: string;
  title: string;
  description: string;
}

export interface DemoPerson {
  /** Stable key used by ideas and follows; also the local part of a generated e-mail when `email` is absent. */
  key: string;
  email?: string;
  first_name: string;
  last_name: string;
  role_id: RoleId;
  /** School and department names as in `schools`. */
  school: string;
  department: string;
  headline: string;
  location: string;
  /** Simple HTML: <p>, <strong>, <em>, <ul>/<li>, <a href>. */
  bio: string;
  linkedin_url: string;
  google_scholar_url?: string;
  faculty_page_url?: string;
  /** Extra permissions beyond the role's, e.g. ['admin']. */
  extra_permissions?: string[];
  /** admin/user status; default approved and active (2, 2). */
  admin_status_id?: 1 | 2 | 3;
  user_status_id?: 1 | 2 | 3;
  /** Whether the person has claimed the profile and has a password. Default true. */
  claimed?: boolean;
  education: DemoEducation[];
  experience: DemoExperience[];
  patents: DemoProfilePatent[];
  projects: DemoProject[];
  publications: DemoPublication[];
  grants: DemoGrant[];
}

export interface DemoIdea {
  title: string;
  introduction: string;
  problem: string;
  opportunity: string;
  /** Support type names from the tenant defaults. */
  support: string[];
  /** IP status name from the tenant defaults, or null. */
  ip_status: string | null;
  patents: string[];
  links: { url: string; title: string }[];
  /** Person keys. */
  principal_investigator: string;
  case_manager: string | null;
  /** Days before the seed time. */
  posted_days_ago: number;
  /** Person keys of followers (never the PI or case manager). */
  followers: string[];
}

export interface DemoDataset {
  tenant: { domain: string; name: string };
  schools: DemoSchool[];
  people: DemoPerson[];
  ideas: DemoIdea[];
}
