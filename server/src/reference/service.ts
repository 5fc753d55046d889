import type { ReferenceUpdate, RoleUpdate } from '@kindling/contract';
import { recordAudit } from '../audit/record.ts';
import type { Deps } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { departments, ipStatuses, roles, schools, supportTypes } from '../db/schema-reference.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import type { Actor } from '../session-context.ts';
import {
  findEntry,
  listDepartments,
  listDepartmentsInUse,
  listIpStatuses,
  listIpStatusesInUse,
  listRolesInUse,
  listSchools,
  listSchoolsInUse,
  listSupportInUse,
  listSupportTypes,
  type NamedTable,
  roleNameTaken,
  schoolExists,
  updateEntry,
} from './repository.ts';

export type ReferenceKind = 'school' | 'department' | 'support' | 'ip-status';

const kinds: Record<ReferenceKind, { table: NamedTable; label: string }> = {
  school: { table: schools, label: 'school' },
  department: { table: departments, label: 'department' },
  support: { table: supportTypes, label: 'support type' },
  'ip-status': { table: ipStatuses, label: 'IP status' },
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const article = (label: string) => (/^[aeiou]/i.test(label) ? 'An' : 'A');

const referenceNotFound = (kind: ReferenceKind) => `${capitalised(kinds[kind].label)} not found.`;

export function listReference(deps: Deps, tenantId: number) {
  const read = <T>(list: (tx: Tx, tenantId: number) => Promise<T>) =>
    inTenant(deps.database.db, tenantId, (tx) => list(tx, tenantId));
  return {
    schools: () => read(listSchoolsInUse),
    departments: () => read(listDepartmentsInUse),
    support: () => read(listSupportInUse),
    ipStatuses: () => read(listIpStatusesInUse),
    roles: () => read(listRolesInUse),
  };
}

/**
 * Renames, deactivates or reactivates an entry, in one transaction with an audit entry per change.
 * Nothing is ever deleted: people and ideas that name a deactivated entry keep showing its name.
 * A name another entry has (any case; departments within their school) is 409.
 */
export async function updateReference(
  deps: Deps,
  actor: Actor,
  kind: ReferenceKind,
  id: number,
  change: ReferenceUpdate,
): Promise<string> {
  const { tenantId } = actor;
  const { table, label } = kinds[kind];
  try {
    return await inTenant(deps.database.db, tenantId, async (tx) => {
      const current = await findEntry(tx, table, tenantId, id);
      if (!current) throw notFound(referenceNotFound(kind));
      const renamed = change.name !== undefined && change.name !== current.name;
      const toggled = change.is_active !== undefined && change.is_active !== current.isActive;
      if (!renamed && !toggled) return 'Nothing to change.';
      await updateEntry(tx, table, tenantId, id, {
        ...(renamed ? { name: change.name } : {}),
        ...(toggled ? { isActive: change.is_active } : {}),
      });
      const audit = (action: string, summary: string, detail?: Record<string, unknown>) =>
        recordAudit(tx, {
          tenantId,
          actorId: actor.userId,
          action: `${kind}.${action}`,
          targetType: kind,
          targetId: id,
          summary,
          ...(detail ? { detail } : {}),
        });
      if (renamed) {
        await audit('rename', `Renamed the ${label} '${current.name}' to '${change.name}'`, {
          from: current.name,
          to: change.name,
        });
      }
      const name = change.name ?? current.name;
      if (toggled) {
        await audit(
          change.is_active ? 'reactivate' : 'deactivate',
          `${change.is_active ? 'Reactivated' : 'Deactivated'} the ${label} '${name}'`,
        );
      }
      return `${capitalised(label)} updated.`;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const where = kind === 'department' ? ' in this school' : '';
      throw conflict(`${article(label)} ${label} with this name already exists${where}.`);
    }
    throw error;
  }
}

/** Renames a role or changes its icon; role names are unique per tenant, ignoring case. */
export async function updateRoleEntry(
  deps: Deps,
  actor: Actor,
  id: number,
  change: RoleUpdate,
): Promise<string> {
  const { tenantId } = actor;
  return inTenant(deps.database.db, tenantId, async (tx) => {
    const current = await findEntry(tx, roles, tenantId, id);
    if (!current) throw notFound('Role not found.');
    const renamed = change.name !== undefined && change.name !== current.name;
    const iconChanged = change.icon !== undefined && change.icon !== current.icon;
    if (!renamed && !iconChanged) return 'Nothing to change.';
    if (renamed && (await roleNameTaken(tx, tenantId, id, change.name as string))) {
      throw conflict('A role with this name already exists.');
    }
    await updateEntry(tx, roles, tenantId, id, {
      ...(renamed ? { name: change.name } : {}),
      ...(iconChanged ? { icon: change.icon } : {}),
    });
    const name = change.name ?? current.name;
    await recordAudit(tx, {
      tenantId,
      actorId: actor.userId,
      action: renamed ? 'role.rename' : 'role.icon',
      targetType: 'role',
      targetId: id,
      summary: [
        renamed ? `Renamed the role '${current.name}' to '${name}'` : null,
        iconChanged
          ? `${renamed ? 'set its' : `Set the role '${name}'`} icon to ${change.icon}`
          : null,
      ]
        .filter(Boolean)
        .join(' and '),
      detail: {
        ...(renamed ? { from: current.name, to: name } : {}),
        ...(iconChanged ? { icon_from: current.icon, icon: change.icon } : {}),
      },
    });
    return 'Role updated.';
  });
}

const lists = {
  school: listSchools,
  department: listDepartments,
  support: listSupportTypes,
  'ip-status': listIpStatuses,
} as const;

/**
 * One kind of reference data as members' pickers and cards read it: deactivated entries too,
 * flagged, so ideas and people that still name one show its name, unless `activeOnly`.
 */
export function listActive<K extends ReferenceKind>(
  deps: Deps,
  tenantId: number,
  kind: K,
  activeOnly: boolean,
): Promise<Awaited<ReturnType<(typeof lists)[K]>>> {
  const list = lists[kind] as (tx: Tx, tenantId: number, activeOnly: boolean) => Promise<never>;
  return inTenant(deps.database.db, tenantId, (tx) => list(tx, tenantId, activeOnly));
}

/**
 * A department goes under an existing, active school: members cannot choose a deactivated school,
 * so a department added under one would be unreachable until the school came back.
 */
async function checkSchoolTakesDepartments(tx: Tx, tenantId: number, schoolId: number) {
  if (!(await schoolExists(tx, tenantId, schoolId))) {
    throw badRequest('School is required.', [{ field: 'school_id', error: 'School is required.' }]);
  }
  if (!(await schoolExists(tx, tenantId, schoolId, { activeOnly: true }))) {
    const message = 'This school is deactivated; reactivate it before adding departments.';
    throw badRequest(message, [{ field: 'school_id', error: message }]);
  }
}

/** Adds a school, department, support type or IP status; a name already used (any case) is 409. */
export async function createReference(
  deps: Deps,
  actor: Actor,
  kind: ReferenceKind,
  input: { name: string; school_id?: number },
) {
  const { tenantId } = actor;
  const { label } = kinds[kind];
  try {
    return await inTenant(deps.database.db, tenantId, async (tx) => {
      const schoolId = input.school_id as number;
      if (kind === 'department') await checkSchoolTakesDepartments(tx, tenantId, schoolId);
      const table = kinds[kind].table as typeof schools;
      const [row] =
        kind === 'department'
          ? await tx
              .insert(departments)
              .values({ tenantId, schoolId, name: input.name })
              .returning({ id: departments.id })
          : await tx
              .insert(table)
              .values({ tenantId, name: input.name })
              .returning({ id: table.id });
      const id = row?.id as number;
      await recordAudit(tx, {
        tenantId,
        actorId: actor.userId,
        action: `${kind}.create`,
        targetType: kind,
        targetId: id,
        summary: `Added the ${label.toLowerCase()} '${input.name}'`,
      });
      return { id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict(`${article(label)} ${label} with this name already exists.`);
    }
    throw error;
  }
}
