import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import fieldStyles from '../../forms/Field.module.css';
import { FieldShell } from '../../forms/FieldShell.tsx';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { lazyResolver } from '../../forms/lazyResolver.ts';
import { SelectField } from '../../forms/SelectField.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useFormMutation } from '../../forms/useFormMutation.ts';
import { rolesProblem, useRoles } from '../../lookups/roles.ts';
import buttons from '../../shell/buttons.module.css';
import { showToast } from '../../shell/showToast.ts';
import { useTenant } from '../../tenant/TenantContext.ts';
import formStyles from '../CreateProfileForm.module.css';
import styles from './IdentitySection.module.css';
import {
  createIdentityProvider,
  identityProvidersKey,
  updateIdentityProvider,
} from './identityApi.ts';
import {
  formFieldOf,
  type ProviderFormValues,
  parseDomains,
  toRequestBody,
} from './providerForm.ts';

const resolvers = () => import('./providerFormSchema.ts');
const createSchema = lazyResolver<ProviderFormValues, ProviderFormValues>(() =>
  resolvers().then((m) => m.providerResolver(false)),
);
const updateSchema = lazyResolver<ProviderFormValues, ProviderFormValues>(() =>
  resolvers().then((m) => m.providerResolver(true)),
);

/** The e-mail domains as one field, kept as typed while the form holds the list. */
function DomainsField({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange(domains: string[]): void;
  error: string | undefined;
}) {
  const [text, setText] = useState(value.join(', '));
  return (
    <FieldShell
      label="Email domains"
      required
      description="The provider signs in only people with these addresses. Separate them with commas."
      error={error}
    >
      {(control) => (
        <input
          {...control}
          className={fieldStyles.input}
          value={text}
          spellCheck={false}
          autoCapitalize="off"
          placeholder="university.edu"
          onChange={(event) => {
            setText(event.target.value);
            onChange(parseDomains(event.target.value));
          }}
        />
      )}
    </FieldShell>
  );
}

interface ProviderEditorProps {
  /** The provider being changed, or none when adding. */
  id?: number;
  initial: ProviderFormValues;
  /** Whether the provider has a client secret or metadata to keep when left blank. */
  keeps: boolean;
  onSaved(id: number): void;
  onCancel(): void;
}

/**
 * Adds or changes an identity provider (CONTRACT §8). The contract's schemas judge the form; the
 * server's 400 details are put on the fields they name (an issuer whose discovery cannot be read,
 * metadata that is not an identity provider's).
 */
export function ProviderEditor({ id, initial, keeps, onSaved, onCancel }: ProviderEditorProps) {
  const tenant = useTenant();
  const roles = useRoles(tenant.id);
  const queryClient = useQueryClient();
  const schema = id === undefined ? createSchema : updateSchema;
  const form = useForm<ProviderFormValues>({ resolver: schema.resolver, defaultValues: initial });
  const { errors } = form.formState;
  const protocol = initial.protocol;
  const source = form.watch('metadata_source');
  const roleId = form.watch('default_role_id');
  const domains = form.watch('email_domains');

  useEffect(() => schema.preload(), [schema]);

  const metadataError = errors.metadata_xml?.message ?? errors.metadata_url?.message;

  const { submit, problem, pending } = useFormMutation(form, {
    send: async (values: ProviderFormValues) => {
      const body = toRequestBody(values);
      if (id === undefined) return (await createIdentityProvider(body)).id;
      await updateIdentityProvider(id, body);
      return id;
    },
    saved: async (saved, values) => {
      await queryClient.invalidateQueries({ queryKey: identityProvidersKey });
      showToast(`${id === undefined ? 'Added' : 'Saved'} ${values.name}.`, 'success');
      onSaved(saved);
    },
    // The metadata's failure goes to the field the administrator used for it.
    fieldOf: (field) => {
      const shown = formFieldOf(field);
      if (shown === 'metadata_xml' || shown === 'metadata_url') {
        return source === 'url' ? 'metadata_url' : 'metadata_xml';
      }
      return shown ?? null;
    },
  });

  return (
    <form className={formStyles.form} onSubmit={submit} noValidate>
      {problem && <FormAlert message={[problem]} />}
      <div className={formStyles.grid}>
        <TextField
          label="Name"
          description="Members see 'Sign in with' this name."
          required
          autoComplete="off"
          registration={form.register('name')}
          error={errors.name?.message}
        />
        <DomainsField
          value={domains}
          onChange={(next) =>
            form.setValue('email_domains', next, { shouldValidate: form.formState.isSubmitted })
          }
          error={errors.email_domains?.message}
        />
        {protocol === 'oidc' ? (
          <>
            <TextField
              label="Issuer"
              type="url"
              inputMode="url"
              spellCheck={false}
              autoCapitalize="off"
              required
              placeholder="https://login.university.edu"
              description="Its discovery document is read when you save."
              registration={form.register('issuer')}
              error={errors.issuer?.message}
            />
            <TextField
              label="Client ID"
              required
              spellCheck={false}
              autoCapitalize="off"
              autoComplete="off"
              registration={form.register('client_id')}
              error={errors.client_id?.message}
            />
            <TextField
              label="Client secret"
              type="password"
              autoComplete="new-password"
              required={!keeps}
              description={
                keeps
                  ? 'Leave blank to keep the current secret. It is never shown again.'
                  : 'Kept encrypted; it is never shown again.'
              }
              registration={form.register('client_secret')}
              error={errors.client_secret?.message}
            />
            <TextField
              label="Scopes"
              spellCheck={false}
              autoCapitalize="off"
              description="Separated by spaces; openid is required."
              registration={form.register('scopes')}
              error={errors.scopes?.message}
            />
          </>
        ) : (
          <fieldset className={styles.metadata}>
            <legend className={fieldStyles.label}>Identity provider's metadata</legend>
            <div className={styles.choices}>
              <label className={fieldStyles.check}>
                <input type="radio" value="xml" {...form.register('metadata_source')} />
                Paste the XML
              </label>
              <label className={fieldStyles.check}>
                <input type="radio" value="url" {...form.register('metadata_source')} />
                Read it from a URL (refreshed daily)
              </label>
            </div>
            {source === 'url' ? (
              <TextField
                label="Metadata URL"
                type="url"
                inputMode="url"
                spellCheck={false}
                autoCapitalize="off"
                required={!keeps}
                placeholder="https://login.university.edu/idp/shibboleth"
                registration={form.register('metadata_url')}
                error={metadataError}
              />
            ) : (
              <FieldShell
                label="Metadata XML"
                required={!keeps}
                description={
                  keeps ? 'Leave blank to keep the metadata read before.' : 'An EntityDescriptor.'
                }
                error={metadataError}
              >
                {(control) => (
                  <textarea
                    {...control}
                    className={`${fieldStyles.input} ${fieldStyles.textarea} ${styles.xml}`}
                    spellCheck={false}
                    rows={8}
                    {...form.register('metadata_xml')}
                  />
                )}
              </FieldShell>
            )}
          </fieldset>
        )}
        <SelectField
          label="Role of newcomers"
          options={roles.data ?? []}
          value={roleId}
          onChange={(value) =>
            form.setValue('default_role_id', value ?? 1, { shouldValidate: true })
          }
          isRequired
          error={
            errors.default_role_id?.message ?? rolesProblem(roles.error, roles.data) ?? undefined
          }
        />
        <div className={styles.checks}>
          <label className={fieldStyles.check}>
            <input type="checkbox" {...form.register('enabled')} />
            Enabled: shown on the sign-in screen
          </label>
          <label className={fieldStyles.check}>
            <input type="checkbox" {...form.register('auto_approve')} />
            Admit newcomers at once (otherwise they wait for approval)
          </label>
        </div>
      </div>
      <div className={styles.formActions}>
        <SubmitButton pending={pending} pendingLabel="Saving…">
          {id === undefined ? 'Add provider' : 'Save changes'}
        </SubmitButton>
        <button type="button" className={buttons.ghost} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
