import {
  type ErrorDetail,
  FACULTY_ROLE_ID,
  limits,
  type ProfileUpdate,
  profileMessages,
  readOnlyLinkMessage,
  scholarlyMessages,
  type UserProfile,
} from '@kindling/contract';
import type { Deps, SessionContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { updateMember } from '../people/repository.ts';
import { withCounts } from '../scholarly/citations.ts';
import { knownCounts } from '../scholarly/citations-repository.ts';
import { newPhotoKey } from '../storage/port.ts';
import { insertUpload, removeFiles, takeUnusedUploads, uploadIssued } from '../storage/uploads.ts';
import { bioTextLength, sanitizeBio } from './bio.ts';
import { reencodePhoto } from './photo.ts';
import { authorizeOwnProfile, canViewProfile } from './policy.ts';
import { presentProfile } from './presenter.ts';
import {
  activeSchoolExists,
  findDepartment,
  findProfileRow,
  listOwnIdeas,
  type ProfileRow,
  updateOrcid,
} from './repository.ts';

/** Two statements whatever the profile holds: the row (sections included) and the member's ideas. */
async function loadProfile(
  deps: Deps,
  tx: Tx,
  session: SessionContext,
  userId: number,
): Promise<UserProfile> {
  const row = await findProfileRow(tx, session.tenantId, userId);
  if (!row || !canViewProfile(session, row)) throw notFound(profileMessages.notFound);
  const ideas = await listOwnIdeas(tx, session.tenantId, userId);
  return presentProfile(row, ideas, deps.config.scholarly.orcidClient !== null);
}

export function viewProfile(deps: Deps, session: SessionContext, userId: number) {
  return inTenant(
    deps.database.db,
    session.tenantId,
    (tx) => loadProfile(deps, tx, session, userId),
    'generic',
  );
}

/**
 * LinkedIn and Google Scholar may be filled while empty and are read-only once set (CONTRACT §3):
 * left out or sent unchanged keeps the saved link, anything else is a field error.
 */
function readOnlyLink(
  details: ErrorDetail[],
  field: string,
  label: string,
  saved: string | null,
  sent: string | undefined,
): string | null {
  if (sent === undefined) return saved;
  if (!saved) return sent || null;
  if (sent !== saved) details.push({ field, error: readOnlyLinkMessage(label) });
  return saved;
}

async function checkPlace(
  tx: Tx,
  tenantId: number,
  details: ErrorDetail[],
  current: ProfileRow,
  input: ProfileUpdate,
) {
  const schoolId = input.school_id === undefined ? current.schoolId : input.school_id;
  const departmentId =
    input.department_id === undefined ? current.departmentId : input.department_id;
  // Another tenant's ids are simply not found here, so they fail like ids that never existed. A
  // school or department deactivated since it was saved stays; choosing one anew is refused.
  if (
    schoolId !== null &&
    schoolId !== current.schoolId &&
    !(await activeSchoolExists(tx, tenantId, schoolId))
  ) {
    details.push({ field: 'school_id', error: profileMessages.school });
    return { schoolId, departmentId };
  }
  const placeChanged = schoolId !== current.schoolId || departmentId !== current.departmentId;
  if (departmentId !== null && placeChanged) {
    const department = await findDepartment(tx, tenantId, departmentId);
    if (
      department === undefined ||
      department.schoolId !== schoolId ||
      (departmentId !== current.departmentId && !department.isActive)
    ) {
      details.push({ field: 'department_id', error: profileMessages.department });
    }
  }
  return { schoolId, departmentId };
}

async function checkPhoto(
  tx: Tx,
  details: ErrorDetail[],
  current: ProfileRow,
  sent: string | null | undefined,
): Promise<string | null> {
  if (sent === undefined || sent === current.profileImageUrl) return current.profileImageUrl;
  if (sent === null) return null;
  if (!(await uploadIssued(tx, current.tenantId, { photosOf: current.id }, sent))) {
    details.push({ field: 'profile_image_url', error: profileMessages.photoNotIssued });
  }
  return sent;
}

const orNull = (value: string | undefined) => (value === undefined ? undefined : value || null);

/** PUT /profiles/{id}: the owner saves their profile; the answer is the profile as now saved. */
export async function saveProfile(
  deps: Deps,
  session: SessionContext,
  userId: number,
  input: ProfileUpdate,
): Promise<UserProfile> {
  authorizeOwnProfile(session, userId);
  const { tenantId } = session;
  const bio = sanitizeBio(input.bio);
  const bioLength = bioTextLength(bio);
  const bioDetails: ErrorDetail[] = [];
  if (bioLength === 0) bioDetails.push({ field: 'bio', error: profileMessages.bio });
  else if (bioLength > limits.bio)
    bioDetails.push({ field: 'bio', error: profileMessages.bioTooLong });

  const { profile, unused } = await inTenant(deps.database.db, tenantId, async (tx) => {
    const current = await findProfileRow(tx, tenantId, userId);
    if (!current) throw notFound(profileMessages.notFound);
    const details = [...bioDetails];
    const linkedinUrl = readOnlyLink(
      details,
      'linkedin_url',
      'LinkedIn URL',
      current.linkedinUrl,
      input.linkedin_url,
    );
    const googleScholarUrl =
      current.roleId === FACULTY_ROLE_ID
        ? readOnlyLink(
            details,
            'google_scholar_url',
            'Google Scholar URL',
            current.googleScholarUrl,
            input.google_scholar_url,
          )
        : current.googleScholarUrl;
    const place = await checkPlace(tx, tenantId, details, current, input);
    const profileImageUrl = await checkPhoto(tx, details, current, input.profile_image_url);
    if (details.length) throw badRequest(undefined, details);
    // A DOI already counted gives its count now rather than at the next refresh (CONTRACT §10).
    const dois = (input.publications ?? []).flatMap((p) => (p.doi ? [p.doi] : []));
    const publications =
      input.publications && withCounts(input.publications, await knownCounts(tx, tenantId, dois));

    await updateMember(tx, tenantId, userId, {
      firstName: input.first_name,
      lastName: input.last_name,
      bio,
      headline: input.headline,
      location: input.location,
      linkedinUrl,
      googleScholarUrl,
      facultyPageUrl: orNull(input.faculty_page_url),
      profileImageUrl,
      schoolId: place.schoolId,
      departmentId: place.departmentId,
      education: input.education,
      experience: input.most_recent_experience,
      patents: input.patents,
      projects: input.projects,
      publications,
      grants: input.grants,
    });
    const unused = await takeUnusedUploads(
      tx,
      deps,
      tenantId,
      { photosOf: userId },
      {
        keepUrl: profileImageUrl,
        replacedUrl: profileImageUrl === current.profileImageUrl ? null : current.profileImageUrl,
      },
    );
    return { profile: await loadProfile(deps, tx, session, userId), unused };
  });
  // School, department, headline and bio feed the member's recommended ideas.
  deps.rankings.invalidate(tenantId);
  await removeFiles(deps, unused);
  return profile;
}

/**
 * POST /profiles/{id}/photo: re-encodes the image, stores it under a fresh random key and records
 * the URL as issued to the member. The profile keeps its photo until a save names the new URL.
 * The image work happens before the transaction, which must wait on nothing but the database.
 */
export async function uploadPhoto(
  deps: Deps,
  session: SessionContext,
  userId: number,
  file: File,
): Promise<{ profile_image_url: string }> {
  authorizeOwnProfile(session, userId);
  const jpeg = await reencodePhoto(new Uint8Array(await file.arrayBuffer()));
  const key = newPhotoKey(session.tenantId, userId);
  await deps.storage.put(key, jpeg, 'image/jpeg');
  const url = deps.storage.url(key);
  await inTenant(deps.database.db, session.tenantId, (tx) =>
    insertUpload(tx, {
      tenantId: session.tenantId,
      userId,
      key,
      url,
      contentType: 'image/jpeg',
      bytes: jpeg.length,
    }),
  );
  return { profile_image_url: url };
}

/**
 * PUT /profiles/{id}/orcid: the owner types or clears their iD. Saving the iD already saved keeps
 * it as it is, verified or not; any other iD is unverified until linked through ORCID's sign-in.
 */
export async function saveOrcid(
  deps: Deps,
  session: SessionContext,
  userId: number,
  orcid: string | null,
): Promise<UserProfile> {
  authorizeOwnProfile(session, userId);
  try {
    return await inTenant(deps.database.db, session.tenantId, async (tx) => {
      const current = await findProfileRow(tx, session.tenantId, userId);
      if (!current) throw notFound(profileMessages.notFound);
      if (current.orcid !== orcid) await updateOrcid(tx, session.tenantId, userId, orcid);
      return loadProfile(deps, tx, session, userId);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(scholarlyMessages.orcidTaken);
    throw error;
  }
}
