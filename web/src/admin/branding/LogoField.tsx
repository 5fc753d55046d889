import { type ChangeEvent, useId, useState } from 'react';
import { isApiError } from '../../api/apiError.ts';
import fields from '../../forms/Field.module.css';
import buttons from '../../shell/buttons.module.css';
import { Spinner } from '../../shell/Spinner.tsx';
import styles from './BrandingSection.module.css';
import { uploadLogo } from './brandingApi.ts';

/** The server's limit on a request body (CONTRACT §5); a bigger file is refused before sending. */
const MAX_BYTES = 1024 * 1024;

interface LogoFieldProps {
  value: string;
  defaultLogo: string;
  productName: string;
  onChange(url: string): void;
  error?: string | undefined;
}

/** The logo as it shows, a file picker that uploads a new one for the preview, and a reset. */
export function LogoField({ value, defaultLogo, productName, onChange, error }: LogoFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error;

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_BYTES) {
      setProblem('The logo must be at most 1 MB.');
      return;
    }
    setProblem(null);
    setUploading(true);
    try {
      onChange(await uploadLogo(file));
    } catch (failure) {
      setProblem(isApiError(failure) ? failure.message : 'The logo could not be uploaded.');
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className={fields.field}>
      <label className={fields.label} htmlFor={id}>
        Logo
      </label>
      <p id={hintId} className={fields.description}>
        JPEG, PNG, GIF or SVG up to 1 MB; it is stored as a PNG and shown 32 px high.
      </p>
      <div className={styles.logoRow}>
        <span className={styles.logoBox}>
          <img src={value || defaultLogo} alt={`Current logo of ${productName}`} />
        </span>
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/svg+xml"
          className={styles.file}
          aria-describedby={shown ? `${hintId} ${errorId}` : hintId}
          aria-invalid={shown ? true : undefined}
          disabled={uploading}
          onChange={pick}
        />
        {uploading && <Spinner />}
        {value !== defaultLogo && (
          <button type="button" className={buttons.ghost} onClick={() => onChange(defaultLogo)}>
            Use the default logo
          </button>
        )}
      </div>
      {shown && (
        <p id={errorId} className={fields.error}>
          {shown}
        </p>
      )}
    </div>
  );
}
