import { Controller, useFormState, useWatch } from 'react-hook-form';
import { TextField } from '../../forms/TextField.tsx';
import { pickable } from '../../lookups/pickable.ts';
import { useRoles } from '../../lookups/roles.ts';
import { ClearableSelect } from '../../people/ClearableSelect.tsx';
import { usePersisted } from '../../state/usePersisted.ts';
import { useTenant } from '../../tenant/TenantContext.ts';
import styles from '../ProfileForm.module.css';
import type { UserProfile } from '../profileApi.ts';
import {
  type ProfileFieldTexts,
  type ProfileFormApi,
  ProfileFormSection,
} from './ProfileFormSection.tsx';

interface AffiliationSectionProps {
  title: string;
  fields: ProfileFieldTexts;
  form: ProfileFormApi;
  profile: UserProfile;
}

/** Role (shown, set by administrators), school and department, position and location. */
export function AffiliationSection({ title, fields, form, profile }: AffiliationSectionProps) {
  const roles = useRoles(useTenant().id).data ?? [];
  const schools = usePersisted('schools');
  const departments = usePersisted('departments');
  const { errors } = useFormState({ control: form.control });
  const schoolId = useWatch({ control: form.control, name: 'school_id' });
  // A school or department deactivated since it was saved stays on offer, marked; no other does.
  const schoolDepartments = pickable(departments, [profile.department_id]).filter(
    (d) => d.school_id === schoolId,
  );
  return (
    <ProfileFormSection title={title}>
      <div className={styles.grid}>
        <Controller
          control={form.control}
          name="role_id"
          render={({ field }) => (
            <ClearableSelect
              label={fields.role.label}
              placeholder={fields.role.placeholder}
              description={fields.role.description}
              options={roles}
              value={field.value}
              onChange={field.onChange}
              isDisabled
              isRequired
              clearable={false}
              error={errors.role_id?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="school_id"
          render={({ field }) => (
            <ClearableSelect
              label={fields.school.label}
              placeholder={fields.school.placeholder}
              description={fields.school.description}
              options={pickable(schools, [profile.school_id])}
              value={field.value}
              onChange={(id) => {
                field.onChange(id);
                const department = departments.find(
                  (d) => d.id === form.getValues('department_id'),
                );
                if (department?.school_id !== id) form.setValue('department_id', null);
              }}
              error={errors.school_id?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="department_id"
          render={({ field }) => (
            <ClearableSelect
              label={fields.department.label}
              placeholder={fields.department.placeholder}
              description={fields.department.description}
              options={schoolDepartments}
              value={field.value}
              onChange={field.onChange}
              isDisabled={schoolId === null}
              error={errors.department_id?.message}
            />
          )}
        />
        <TextField
          label={fields.position.label}
          placeholder={fields.position.placeholder}
          description={fields.position.description}
          autoComplete="organization-title"
          registration={form.register('headline')}
          error={errors.headline?.message}
        />
        <TextField
          label={fields.location.label}
          placeholder={fields.location.placeholder}
          description={fields.location.description}
          registration={form.register('location')}
          error={errors.location?.message}
        />
      </div>
    </ProfileFormSection>
  );
}
