import type { Branding } from '@kindling/contract';
import type { Ref, TextareaHTMLAttributes } from 'react';
import { type Control, type UseFormRegisterReturn, useController } from 'react-hook-form';
import fields from '../../forms/Field.module.css';
import { useFieldIds } from '../../forms/fieldIds.ts';
import styles from './BrandingSection.module.css';

interface AreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  error?: string | undefined;
  description?: string;
  registration?: UseFormRegisterReturn;
  ref?: Ref<HTMLTextAreaElement>;
}

function Area({ label, error, description, registration, ...textarea }: AreaProps) {
  const ids = useFieldIds(Boolean(description), Boolean(error));
  return (
    <div className={fields.field}>
      <label htmlFor={ids.id} className={fields.label}>
        {label}
      </label>
      {description && (
        <p id={ids.descriptionId} className={fields.description}>
          {description}
        </p>
      )}
      <textarea
        id={ids.id}
        className={`${fields.input} ${styles.textarea}`}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...textarea}
        {...registration}
      />
      {error && (
        <p id={ids.errorId} className={fields.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A running text, as a text area bound to react-hook-form. */
export function TextAreaField(props: AreaProps & { registration: UseFormRegisterReturn }) {
  return <Area {...props} />;
}

interface LinesFieldProps {
  name: string;
  label: string;
  control: Control<Branding>;
  error?: string | undefined;
  maxLength: number;
}

/** A list of texts edited one per line; empty lines are dropped when saved. */
export function LinesField({ name, label, control, error, maxLength }: LinesFieldProps) {
  const { field } = useController({ name: name as never, control });
  const lines = (field.value as string[] | undefined) ?? [];
  return (
    <Area
      label={label}
      description={`One per line, each up to ${maxLength} characters.`}
      error={error}
      rows={Math.min(8, Math.max(3, lines.length + 1))}
      value={lines.join('\n')}
      onChange={(event) => field.onChange(event.target.value.split('\n'))}
      onBlur={field.onBlur}
      name={field.name}
      ref={field.ref}
    />
  );
}
