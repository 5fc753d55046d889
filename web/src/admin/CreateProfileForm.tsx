import { FACULTY_ROLE_ID } from '@kindling/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert } from '../forms/FormAlert.tsx';
import { lazyResolver } from '../forms/lazyResolver.ts';
import type { Message } from '../forms/message.ts';
import {
  EmailField,
  LinkedInUrlField,
  NameFields,
  ScholarUrlField,
} from '../forms/personFields.tsx';
import { SelectField } from '../forms/SelectField.tsx';
import { SubmitButton } from '../forms/SubmitButton.tsx';
import { useFormMutation } from '../forms/useFormMutation.ts';
import { pickable } from '../lookups/pickable.ts';
import { rolesProblem, useRoles } from '../lookups/roles.ts';
import { usePersisted } from '../state/usePersisted.ts';
import { useTenant } from '../tenant/TenantContext.ts';
import { createProfile } from './adminApi.ts';
import styles from './CreateProfileForm.module.css';
import type { CreateProfileInput, CreateProfileOutput } from './createProfileFormSchema.ts';

const schema = lazyResolver<CreateProfileInput, CreateProfileOutput>(() =>
  import('./createProfileFormSchema.ts').then((m) => m.createProfileResolver),
);

const emptyForm: CreateProfileInput = {
  first_name: '',
  last_name: '',
  email: '',
  role_id: null,
  school_id: null,
  department_id: null,
  linkedin_url: '',
  google_scholar_url: '',
};

/**
 * An administrator creates an approved profile for someone (CONTRACT §3 POST /admin/users); the
 * person receives the claim link by e-mail.
 */
export function CreateProfileForm() {
  const tenant = useTenant();
  const queryClient = useQueryClient();
  const roles = useRoles(tenant.id);
  const schools = usePersisted('schools');
  const departments = usePersisted('departments');
  const [created, setCreated] = useState<Message | null>(null);
  const form = useForm<CreateProfileInput, unknown, CreateProfileOutput>({
    resolver: schema.resolver,
    defaultValues: emptyForm,
  });
  const { errors, isSubmitted } = form.formState;
  const roleId = form.watch('role_id') as number | null;
  const schoolId = form.watch('school_id') as number | null;
  const departmentId = form.watch('department_id') as number | null;
  const offered = pickable(departments, []);
  const schoolDepartments =
    schoolId === null ? offered : offered.filter((d) => d.school_id === schoolId);

  useEffect(() => schema.preload(), []);

  const choose = (field: 'role_id' | 'school_id' | 'department_id', value: number | null) =>
    form.setValue(field, value, { shouldValidate: isSubmitted });

  const { submit, problem, pending } = useFormMutation(form, {
    send: (values: CreateProfileOutput) => {
      setCreated(null);
      return createProfile(values);
    },
    saved: async (_answer, values) => {
      setCreated([
        `Profile created for ${values.first_name} ${values.last_name}. A link to claim it was sent to ${values.email}.`,
      ]);
      form.reset(emptyForm);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
    },
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {problem && <FormAlert message={[problem]} />}
      {!problem && created && <FormAlert tone="success" message={created} />}
      <div className={styles.grid}>
        <NameFields
          first={{ registration: form.register('first_name'), error: errors.first_name?.message }}
          last={{ registration: form.register('last_name'), error: errors.last_name?.message }}
          own={false}
        />
        <EmailField
          autoComplete="off"
          registration={form.register('email')}
          error={errors.email?.message}
        />
        <SelectField
          label="Role"
          placeholder="Select a role"
          options={roles.data ?? []}
          value={roleId}
          onChange={(value) => {
            choose('role_id', value);
            if (value !== FACULTY_ROLE_ID) form.setValue('google_scholar_url', '');
          }}
          isRequired
          emptyMessage="No available university roles"
          error={errors.role_id?.message ?? rolesProblem(roles.error, roles.data) ?? undefined}
          focusRef={(handle) => form.register('role_id').ref(handle)}
        />
        <SelectField
          label="School"
          placeholder="Select a school"
          options={pickable(schools, [])}
          value={schoolId}
          onChange={(value) => {
            choose('school_id', value);
            const department = departments.find((d) => d.id === departmentId);
            if (department && value !== null && department.school_id !== value) {
              choose('department_id', null);
            }
          }}
          clearable
          error={errors.school_id?.message}
        />
        <SelectField
          label="Department"
          placeholder="Select a department"
          options={schoolDepartments}
          value={departmentId}
          onChange={(value) => choose('department_id', value)}
          clearable
          error={errors.department_id?.message}
        />
        <LinkedInUrlField
          required={false}
          registration={form.register('linkedin_url')}
          error={errors.linkedin_url?.message}
        />
        {roleId === FACULTY_ROLE_ID && (
          <ScholarUrlField
            registration={form.register('google_scholar_url')}
            error={errors.google_scholar_url?.message}
          />
        )}
      </div>
      <SubmitButton pending={pending} pendingLabel="Creating…">
        Create Profile
      </SubmitButton>
    </form>
  );
}
