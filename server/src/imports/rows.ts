import {
  type ErrorDetail,
  FACULTY_ROLE_ID,
  importRow,
  limits,
  profileMessages,
} from '@kindling/contract';
import type { z } from 'zod';
import type { users } from '../db/schema-people.ts';
import { fieldsWithNul } from '../http/plain-text-body.ts';
import { bioTextLength, sanitizeBio } from '../profiles/bio.ts';
import type { CsvRow } from './csv.ts';
import type { Places } from './repository.ts';

/** A row ready to write: who the person is and the columns the row sets. */
export interface Person {
  row: number;
  email: string;
  firstName: string;
  lastName: string;
  role: { id: number; name: string; permissions: string[] };
  school: { id: number; name: string } | null | undefined;
  department: { id: number; name: string } | null | undefined;
  /** Profile fields the row fills; an empty cell is left out and keeps the saved value. */
  profile: Partial<typeof users.$inferInsert>;
}

export type Checked =
  | { ok: true; person: Person }
  | { ok: false; row: number; email: string; details: ErrorDetail[] };

const lower = (text: string) => text.trim().toLowerCase();

/** The catalogue's names by lower case, so a row may name them in any case. */
export function indexPlaces(places: Places) {
  return {
    rolesById: new Map(places.roles.map((r) => [r.id, r])),
    rolesByName: new Map(places.roles.map((r) => [lower(r.name), r])),
    roleNames: places.roles.map((r) => r.name).join(', '),
    schools: new Map(places.schools.map((s) => [lower(s.name), s])),
    departments: new Map(places.departments.map((d) => [`${d.schoolId}:${lower(d.name)}`, d])),
  };
}
export type PlaceIndex = ReturnType<typeof indexPlaces>;

/** Issues by column, the first of each; entries of a list section say which entry failed. */
function detailsOf(error: z.ZodError): ErrorDetail[] {
  const details = new Map<string, string>();
  for (const issue of error.issues) {
    const [column, index] = issue.path;
    const field = String(column ?? 'row');
    if (details.has(field)) continue;
    details.set(
      field,
      typeof index === 'number' ? `Entry ${index + 1}: ${issue.message}` : issue.message,
    );
  }
  return [...details].map(([field, message]) => ({ field, error: message }));
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Plain text becomes paragraphs (blank lines) and line breaks; HTML goes through as written. */
function bioHtml(text: string): string {
  if (/<[a-z/!]/i.test(text)) return text;
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

function place(
  index: PlaceIndex,
  schoolName: string | undefined,
  departmentName: string | undefined,
  details: ErrorDetail[],
): Pick<Person, 'school' | 'department'> {
  if (schoolName === undefined) {
    if (departmentName !== undefined) {
      details.push({ field: 'department', error: 'Name the school of the department too.' });
    }
    return { school: undefined, department: undefined };
  }
  const school = index.schools.get(lower(schoolName));
  if (!school) {
    details.push({
      field: 'school',
      error: `There is no school '${schoolName}'; add it under Reference data first.`,
    });
    return { school: undefined, department: undefined };
  }
  if (!school.isActive) {
    details.push({ field: 'school', error: `The school '${school.name}' is deactivated.` });
  }
  if (departmentName === undefined) return { school, department: null };
  const department = index.departments.get(`${school.id}:${lower(departmentName)}`);
  if (!department) {
    details.push({
      field: 'department',
      error: `${school.name} has no department '${departmentName}'.`,
    });
  } else if (!department.isActive) {
    details.push({
      field: 'department',
      error: `The department '${department.name}' is deactivated.`,
    });
  }
  return { school, department: department ?? null };
}

/**
 * Checks one row against the same rules as the forms (contract importRow) and resolves its role,
 * school and department by name. Nothing here touches the database.
 */
export function checkRow(index: PlaceIndex, csv: CsvRow): Checked {
  const email = (csv.cells.email ?? '').trim();
  if (csv.extraCells) {
    return {
      ok: false,
      row: csv.row,
      email,
      details: [
        {
          field: 'row',
          error: `This row has ${csv.extraCells} cell${csv.extraCells > 1 ? 's' : ''} more than the header; is a comma missing its quotes?`,
        },
      ],
    };
  }
  // The database cannot store a NUL; a row holding one is reported, not written.
  const withNul = fieldsWithNul(csv.cells);
  if (withNul.length > 0) return { ok: false, row: csv.row, email, details: withNul };
  const parsed = importRow.safeParse(csv.cells);
  const details = parsed.success ? [] : detailsOf(parsed.error);
  // Role and places are resolved from the cells even when another column fails, so one preview
  // shows every problem of the row.
  const cell = (column: 'role' | 'school' | 'department') => csv.cells[column]?.trim() || undefined;
  const roleCell = cell('role');
  const role =
    roleCell === undefined
      ? undefined
      : /^\d+$/.test(roleCell)
        ? index.rolesById.get(Number(roleCell))
        : index.rolesByName.get(lower(roleCell));
  if (roleCell !== undefined && !role) {
    details.push({
      field: 'role',
      error: `There is no role '${roleCell}'; the roles are ${index.roleNames}.`,
    });
  }
  const { school, department } = place(index, cell('school'), cell('department'), details);
  if (!parsed.success || !role) return { ok: false, row: csv.row, email, details };
  const row = parsed.data;
  let bio: string | undefined;
  if (row.bio !== undefined) {
    bio = sanitizeBio(bioHtml(row.bio));
    const length = bioTextLength(bio);
    if (length === 0) details.push({ field: 'bio', error: profileMessages.bio });
    else if (length > limits.bio) details.push({ field: 'bio', error: profileMessages.bioTooLong });
  }
  if (details.length) return { ok: false, row: csv.row, email, details };

  const profile: Person['profile'] = {
    headline: row.headline,
    location: row.location,
    bio,
    linkedinUrl: row.linkedin_url,
    // As POST /admin/users: a Scholar link belongs to faculty only and is dropped for others.
    googleScholarUrl: role.id === FACULTY_ROLE_ID ? row.google_scholar_url : undefined,
    facultyPageUrl: row.faculty_page_url,
    education: row.education,
    experience: row.experience,
    patents: row.patents,
    projects: row.projects,
    publications: row.publications,
    grants: row.grants,
  };
  for (const key of Object.keys(profile) as (keyof typeof profile)[]) {
    if (profile[key] === undefined) delete profile[key];
  }
  return {
    ok: true,
    person: {
      row: csv.row,
      email: row.email.toLowerCase(),
      firstName: row.first_name,
      lastName: row.last_name,
      role,
      school,
      department,
      profile,
    },
  };
}
