import { type Branding, brandTextMax } from '@kindling/contract';
import { type Control, type FieldErrors, get, type UseFormRegister } from 'react-hook-form';
import { TextField } from '../../forms/TextField.tsx';
import styles from './BrandingSection.module.css';
import { LinesField, TextAreaField } from './TextFields.tsx';

/** `acceptInvite` → `Accept invite`; `linkedinURL` → `Linkedin URL`. */
export function humanise(key: string): string {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return (words.charAt(0).toUpperCase() + words.slice(1)).replace(/\burl\b/, 'URL');
}

/** Running texts get a text area; short ones a line. */
const LONG_TEXT = 70;

interface TextLeavesProps {
  /** The defaults under `path`: their shape decides the fields, their lengths the kind. */
  shape: Record<string, unknown>;
  path: string;
  register: UseFormRegister<Branding>;
  control: Control<Branding>;
  errors: FieldErrors<Branding>;
}

/**
 * A field for every text under `path`, nested groups as fieldsets: built from the defaults, so a
 * text added to the branding gets its field here without further work.
 */
export function TextLeaves({ shape, path, register, control, errors }: TextLeavesProps) {
  return (
    <div className={styles.leaves}>
      {Object.entries(shape).map(([key, value]) => {
        const at = `${path}.${key}`;
        const label = humanise(key);
        const error = (get(errors, at) as { message?: string } | undefined)?.message;
        const maxLength = brandTextMax(at);
        if (Array.isArray(value)) {
          return (
            <LinesField
              key={at}
              name={at}
              label={label}
              control={control}
              error={error}
              maxLength={maxLength}
            />
          );
        }
        if (typeof value === 'object' && value !== null) {
          return (
            <fieldset key={at} className={styles.group}>
              <legend className={styles.groupTitle}>{label}</legend>
              <TextLeaves
                shape={value as Record<string, unknown>}
                path={at}
                register={register}
                control={control}
                errors={errors}
              />
            </fieldset>
          );
        }
        const registration = register(at as never);
        return String(value).length > LONG_TEXT ? (
          <TextAreaField
            key={at}
            label={label}
            registration={registration}
            error={error}
            maxLength={maxLength}
          />
        ) : (
          <TextField
            key={at}
            label={label}
            registration={registration}
            error={error}
            maxLength={maxLength}
          />
        );
      })}
    </div>
  );
}
