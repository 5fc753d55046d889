import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import fieldStyles from '../forms/Field.module.css';
import { PersonPhoto } from '../people/PersonPhoto.tsx';
import { Icon, type IconProps } from '../shell/icons.tsx';
import styles from './PhotoField.module.css';
import { PHOTO_HINT, PHOTO_TYPES, photoTypeProblem } from './photoRules.ts';

// The crop widget (react-easy-crop) loads only when a picture has been chosen.
const CropDialog = lazy(() => import('./CropDialog.tsx').then((m) => ({ default: m.CropDialog })));

const UploadIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 16V4M7 9l5-5 5 5" />
    <path d="M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
  </Icon>
);

interface PhotoFieldProps {
  label: string;
  placeholder: string;
  description: string;
  userId: number;
  name: string;
  savedUrl: string | null;
  /** The cropped photo waiting for Save, if any. */
  photo: File | null;
  onPhoto(file: File): void;
  error?: string | null;
}

/** SPEC §2 photo widget: pick or drop a picture, crop it, and see it before it is saved. */
export function PhotoField({
  label,
  placeholder,
  description,
  userId,
  name,
  savedUrl,
  photo,
  onPhoto,
  error,
}: PhotoFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const id = useId();
  const shownProblem = problem ?? error ?? null;

  useEffect(() => {
    if (!photo) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    const typeProblem = photoTypeProblem(file);
    setProblem(typeProblem);
    if (!typeProblem) setPicked(file);
  };

  return (
    <fieldset className={`${fieldStyles.field} ${styles.fieldset}`}>
      <legend className={`${fieldStyles.label} ${styles.legend}`}>{label}</legend>
      <p className={fieldStyles.description}>{description}</p>
      <div className={styles.row}>
        <div className={styles.preview}>
          {preview ? (
            <img className={styles.previewImage} src={preview} alt={`${name}, as cropped`} />
          ) : savedUrl ? (
            <img className={styles.previewImage} src={savedUrl} alt={name} />
          ) : (
            <PersonPhoto name={name} imageUrl={null} size="medium" />
          )}
        </div>
        <button
          type="button"
          className={styles.drop}
          data-dragging={dragging || undefined}
          aria-invalid={shownProblem ? true : undefined}
          aria-describedby={shownProblem ? `${id}-error` : undefined}
          onClick={() => input.current?.click()}
          onDragEnter={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragOver={(event) => {
            event.preventDefault();
            event.dataTransfer.dropEffect = 'copy';
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            choose(event.dataTransfer.files[0]);
          }}
        >
          <span className={styles.icon}>
            <UploadIcon />
          </span>
          <span className={styles.placeholder}>{placeholder}</span>
          <span className={styles.hint}>{PHOTO_HINT}</span>
        </button>
        <input
          ref={input}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          hidden
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
      {shownProblem && (
        <p id={`${id}-error`} className={fieldStyles.error} role="alert">
          {shownProblem}
        </p>
      )}
      {picked && (
        <Suspense fallback={null}>
          <CropDialog
            file={picked}
            userId={userId}
            onCancel={() => setPicked(null)}
            onCropped={(file) => {
              setPicked(null);
              onPhoto(file);
            }}
          />
        </Suspense>
      )}
    </fieldset>
  );
}
