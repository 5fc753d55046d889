import { FACULTY_ROLE_ID } from '@kindling/contract';
import { useEffect } from 'react';
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
import { rolesProblem, useRoles } from '../lookups/roles.ts';
import { useTenant } from '../tenant/TenantContext.ts';
import styles from './InvitationForm.module.css';
import type { InvitationInput, InvitationValues } from './invitationForms.ts';
import { type InvitationWho, invitationProblem } from './invitationProblem.ts';

interface InvitationFormProps {
  who: InvitationWho;
  submitLabel: string;
  /** Sends the invitation; a rejection is shown on the form. */
  send(values: InvitationValues): Promise<void>;
  /** A message to show above the fields after a successful send (the form is then emptied). */
  sentMessage?: Message | null;
}

const schemas = {
  your: lazyResolver<InvitationInput, InvitationValues>(() =>
    import('./invitationForms.ts').then((m) => m.invitationResolvers.your),
  ),
  a: lazyResolver<InvitationInput, InvitationValues>(() =>
    import('./invitationForms.ts').then((m) => m.invitationResolvers.a),
  ),
};

const emptyForm: InvitationInput = {
  first_name: '',
  last_name: '',
  email: '',
  role_id: null,
  google_scholar_url: '',
  linkedin_url: '',
};

/**
 * The invitation form shared by Request an Invitation and Invite Others (SPEC §5): choosing a role
 * reveals LinkedIn (required) and, for faculty, Google Scholar (optional); clearing it hides both.
 */
export function InvitationForm({ who, submitLabel, send, sentMessage }: InvitationFormProps) {
  const tenant = useTenant();
  const roles = useRoles(tenant.id);
  const form = useForm<InvitationInput, unknown, InvitationValues>({
    resolver: schemas[who].resolver,
    defaultValues: emptyForm,
  });
  const { errors, isSubmitted } = form.formState;
  const roleId = form.watch('role_id') as number | null;
  const roleField = form.register('role_id');
  const yours = who === 'your';

  useEffect(() => schemas[who].preload(), [who]);

  const chooseRole = (next: number | null) => {
    form.setValue('role_id', next, { shouldValidate: isSubmitted });
    // Hidden fields keep no value, so a link typed for another role is never sent or judged.
    if (next !== FACULTY_ROLE_ID) {
      form.setValue('google_scholar_url', '');
      form.clearErrors('google_scholar_url');
    }
    if (next === null) {
      form.setValue('linkedin_url', '');
      form.clearErrors('linkedin_url');
    }
  };

  const { submit, problem, pending } = useFormMutation(form, {
    send,
    saved: () => form.reset(emptyForm),
    problem: (error) => invitationProblem(error, who),
  });

  const rolesMessage = rolesProblem(roles.error, roles.data);

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {problem && <FormAlert message={problem} />}
      {!problem && sentMessage && <FormAlert tone="success" message={sentMessage} />}
      <div className={styles.pair}>
        <NameFields
          first={{ registration: form.register('first_name'), error: errors.first_name?.message }}
          last={{ registration: form.register('last_name'), error: errors.last_name?.message }}
          own={yours}
        />
      </div>
      <EmailField
        autoComplete={yours ? 'email' : 'off'}
        registration={form.register('email')}
        error={errors.email?.message}
      />
      <SelectField
        label="Current Involvement with the University"
        placeholder={yours ? 'Select your involvement' : 'Select their involvement'}
        options={roles.data ?? []}
        value={roleId}
        onChange={chooseRole}
        isRequired
        clearable
        emptyMessage="No available university roles"
        error={errors.role_id?.message ?? rolesMessage ?? undefined}
        focusRef={(handle) => roleField.ref(handle)}
      />
      {roleId === FACULTY_ROLE_ID && (
        <ScholarUrlField
          registration={form.register('google_scholar_url')}
          error={errors.google_scholar_url?.message}
        />
      )}
      {roleId !== null && (
        <LinkedInUrlField
          required
          registration={form.register('linkedin_url')}
          error={errors.linkedin_url?.message}
        />
      )}
      <SubmitButton pending={pending} pendingLabel="Sending…">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
