import {
  type Branding,
  type BrandingAdminAnswer,
  brandColourKeys,
  brandFontKeys,
  brandRadii,
  brandTextMax,
  contrastProblems,
  fontPresets,
} from '@kindling/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Controller, type FieldPath, get, useForm, useWatch } from 'react-hook-form';
import { problemMessage } from '../../api/apiError.ts';
import { TextField } from '../../forms/TextField.tsx';
import { useFormMutation } from '../../forms/useFormMutation.ts';
import buttons from '../../shell/buttons.module.css';
import { showToast } from '../../shell/showToast.ts';
import { useTenant } from '../../tenant/TenantContext.ts';
import { tenantQueryKey } from '../../tenant/tenantApi.ts';
import { Choice } from '../Choice.tsx';
import { Loaded } from '../Loaded.tsx';
import { BrandingPreview } from './BrandingPreview.tsx';
import styles from './BrandingSection.module.css';
import { brandingKey, fetchBranding, saveBranding } from './brandingApi.ts';
import { ColourField } from './ColourField.tsx';
import { LogoField } from './LogoField.tsx';
import { formFieldOf, overridesOf } from './overrides.ts';
import { SaveBar } from './SaveBar.tsx';
import { humanise, TextLeaves } from './TextLeaves.tsx';
import { UnsavedChangesGuard } from './UnsavedChangesGuard.tsx';

/** The branding editor: loads the tenant's branding, then edits it beside a live preview. */
export function BrandingEditor() {
  return (
    <Loaded queryKey={brandingKey} fetch={fetchBranding}>
      {(answer) => <EditorForm answer={answer} />}
    </Loaded>
  );
}

const colourLabels: Record<(typeof brandColourKeys)[number], string> = {
  'color-primary': 'Primary (buttons, links)',
  'color-primary-hover': 'Primary, hovered',
  'color-on-primary': 'Text on primary',
  'color-accent': 'Accent',
  'color-text': 'Text',
  'color-muted': 'Secondary text',
  'color-background': 'Page background',
  'color-surface': 'Cards and panels',
  'color-border': 'Borders',
  'color-danger': 'Errors',
  'color-success': 'Success',
};

/** Text groups edited field by field, in the order the member meets them. */
const textGroups = [
  { key: 'home', title: 'Home page texts' },
  { key: 'claimProfile', title: 'Claim-profile texts' },
  { key: 'profileScreen', title: 'Profile-screen texts' },
  { key: 'contact', title: 'Contact e-mail texts' },
  { key: 'helpCenter', title: 'Help Center e-mail' },
] as const;

function EditorForm({ answer }: { answer: BrandingAdminAnswer }) {
  const queryClient = useQueryClient();
  const tenant = useTenant();
  const previewId = useId();
  const [previewOpen, setPreviewOpen] = useState(false);
  const { defaults } = answer;
  const form = useForm<Branding>({ defaultValues: answer.branding });
  const { register, control, formState, setError, reset } = form;
  const { errors, isDirty } = formState;
  const draft = useWatch({ control }) as Branding;
  const problems = contrastProblems(draft.styles);

  const fontOptions = (key: (typeof brandFontKeys)[number], current: string) => {
    const options = [
      {
        name: key === 'font-body' ? 'Default sans-serif' : 'Default serif',
        stack: defaults.styles[key] ?? '',
      },
      ...fontPresets,
    ];
    return options.some((o) => o.stack === current)
      ? options
      : [...options, { name: 'Current font', stack: current }];
  };

  const save = useFormMutation(form, {
    send: (values: Branding) => saveBranding(overridesOf(values, defaults)),
    saved: (saved) => {
      queryClient.setQueryData(brandingKey, saved);
      queryClient.setQueryData(tenantQueryKey(tenant.domain), {
        ...tenant,
        branding: saved.branding,
      });
      reset(saved.branding);
      showToast('Branding saved. Members see it the next time they open a page.', 'success');
    },
    problem: problemMessage,
    toast: true,
    fieldOf: (field) => formFieldOf(field) as FieldPath<Branding>,
  });
  // Colours that do not contrast are refused here, before anything is sent.
  const submit = (event: FormEvent) => {
    if (problems.length === 0) return save.submit(event);
    event.preventDefault();
    for (const problem of problems) {
      setError(`styles.${problem.on}` as never, { message: problem.message });
    }
    showToast('Some colours do not contrast enough; adjust them before saving.', 'error');
  };

  const fieldError = (path: string) =>
    (get(errors, path) as { message?: string } | undefined)?.message;

  return (
    <div className={styles.editor}>
      <UnsavedChangesGuard dirty={isDirty && !save.pending} />
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: beside the form the preview scrolls on its own; the keyboard must reach it to scroll it. */}
      <aside className={styles.previewColumn} aria-label="Preview" tabIndex={0}>
        <button
          type="button"
          className={`${buttons.secondary} ${styles.previewToggle}`}
          aria-expanded={previewOpen}
          aria-controls={previewId}
          onClick={() => setPreviewOpen((open) => !open)}
        >
          {previewOpen ? 'Hide preview' : 'Show preview'}
        </button>
        <div id={previewId} className={styles.previewBody} data-open={previewOpen}>
          <p className={styles.previewLead}>Preview of the unsaved changes</p>
          <BrandingPreview branding={draft} />
        </div>
      </aside>
      <form className={styles.form} onSubmit={submit} noValidate>
        <fieldset className={styles.panel}>
          <legend className={styles.panelTitle}>Identity and logo</legend>
          <Controller
            name="logo"
            control={control}
            render={({ field }) => (
              <LogoField
                value={field.value}
                defaultLogo={defaults.logo}
                productName={draft.productName}
                onChange={field.onChange}
                error={fieldError('logo')}
              />
            )}
          />
          <TextField
            label="Product name"
            registration={register('productName')}
            error={fieldError('productName')}
            maxLength={brandTextMax('productName')}
          />
          <TextField
            label="Support e-mail"
            type="email"
            registration={register('supportEmail')}
            error={fieldError('supportEmail')}
            description="The Help Center menu entry writes to this address."
          />
          <TextField
            label="LinkedIn page"
            type="url"
            registration={register('linkedinURL')}
            error={fieldError('linkedinURL')}
            description="Shown in the footer; leave empty for no LinkedIn link."
          />
          <TextField
            label="Footer notice"
            registration={register('footer.copyrightNotice')}
            error={fieldError('footer.copyrightNotice')}
          />
        </fieldset>

        <fieldset className={styles.panel}>
          <legend className={styles.panelTitle}>Colours and fonts</legend>
          <div className={styles.colours}>
            {brandColourKeys.map((key) => (
              <Controller
                key={key}
                name={`styles.${key}`}
                control={control}
                render={({ field }) => (
                  <ColourField
                    label={colourLabels[key]}
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    error={fieldError(`styles.${key}`)}
                  />
                )}
              />
            ))}
          </div>
          <div className={styles.contrast} aria-live="polite">
            {problems.length === 0 ? (
              <p className={styles.contrastOk}>Every text colour meets WCAG AA contrast (4.5:1).</p>
            ) : (
              <ul className={styles.contrastProblems}>
                {problems.map((problem) => (
                  <li key={`${problem.text}/${problem.on}`}>{problem.message}</li>
                ))}
              </ul>
            )}
          </div>
          <div className={styles.pair}>
            {brandFontKeys.map((key) => (
              <Controller
                key={key}
                name={`styles.${key}`}
                control={control}
                render={({ field }) => (
                  <Choice
                    label={key === 'font-body' ? 'Body font' : 'Heading font'}
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    options={fontOptions(key, field.value ?? '').map((o) => ({
                      value: o.stack,
                      label: o.name,
                    }))}
                  />
                )}
              />
            ))}
            <Controller
              name="styles.radius"
              control={control}
              render={({ field }) => (
                <Choice
                  label="Corner radius"
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  options={brandRadii.map((r) => ({ value: r, label: r === '0' ? 'Square' : r }))}
                />
              )}
            />
          </div>
        </fieldset>

        <fieldset className={styles.panel}>
          <legend className={styles.panelTitle}>Navigation labels</legend>
          <div className={styles.pair}>
            {Object.keys(defaults.navLabels).map((key) => (
              <TextField
                key={key}
                label={humanise(key)}
                registration={register(`navLabels.${key}` as never)}
                error={fieldError(`navLabels.${key}`)}
                maxLength={brandTextMax(`navLabels.${key}`)}
              />
            ))}
          </div>
        </fieldset>

        {textGroups.map((group) => (
          <details key={group.key} className={styles.panel}>
            <summary className={styles.summary}>{group.title}</summary>
            <TextLeaves
              shape={defaults[group.key] as unknown as Record<string, unknown>}
              path={group.key}
              register={register}
              control={control}
              errors={errors}
            />
          </details>
        ))}
        <details className={styles.panel}>
          <summary className={styles.summary}>Patent number message</summary>
          <TextField
            label="Patent number error"
            registration={register('patentNumberError')}
            error={fieldError('patentNumberError')}
          />
        </details>

        <SaveBar dirty={isDirty} pending={save.pending} saveLabel="Save branding">
          <button
            type="button"
            className={buttons.secondary}
            disabled={!isDirty || save.pending}
            onClick={() => reset()}
          >
            Discard
          </button>
        </SaveBar>
      </form>
    </div>
  );
}
