import { type AdminUser, type Named, type Permission, permissionNames } from '@kindling/contract';
import { useState } from 'react';
import fields from '../../forms/Field.module.css';
import { Choice, namedOptions } from '../Choice.tsx';
import { FormDialog } from '../FormDialog.tsx';
import styles from './MembersSection.module.css';

const permissionLabels: Record<Permission, string> = {
  create_idea: 'Post ideas',
  update_idea: 'Edit their ideas',
  delete_idea: 'Delete their ideas',
  invite_user: 'Invite others',
  admin: 'Administer the portal',
};

interface RoleDialogProps {
  user: AdminUser;
  roles: readonly Named[];
  /** The administrator's own row: their admin permission cannot be taken away here. */
  isSelf: boolean;
  onSave(roleId: number, permissions: Permission[]): Promise<void>;
  onClose(): void;
}

/** A member's role and permissions, changed together in one save. */
export function RoleDialog({ user, roles, isSelf, onSave, onClose }: RoleDialogProps) {
  const [roleId, setRoleId] = useState(user.role_id);
  const [granted, setGranted] = useState<ReadonlySet<string>>(new Set(user.permissions));
  const name = `${user.first_name} ${user.last_name}`;

  const toggle = (permission: Permission, on: boolean) =>
    setGranted((current) => {
      const next = new Set(current);
      if (on) next.add(permission);
      else next.delete(permission);
      return next;
    });

  return (
    <FormDialog
      title={`Role and permissions of ${name}`}
      onSave={() =>
        onSave(
          roleId,
          permissionNames.filter((p) => granted.has(p)),
        )
      }
      onClose={onClose}
    >
      <Choice
        label="Role"
        value={String(roleId)}
        options={namedOptions(roles)}
        onChange={(value) => setRoleId(Number(value))}
      />
      <fieldset className={styles.permissions}>
        <legend className={fields.label}>Permissions</legend>
        {permissionNames.map((permission) => {
          const locked = isSelf && permission === 'admin';
          return (
            <label key={permission} className={styles.check}>
              <input
                type="checkbox"
                checked={granted.has(permission)}
                disabled={locked}
                onChange={(event) => toggle(permission, event.target.checked)}
              />
              {permissionLabels[permission]}
            </label>
          );
        })}
        {isSelf && <p className={fields.description}>You cannot remove your own administration.</p>}
      </fieldset>
    </FormDialog>
  );
}
