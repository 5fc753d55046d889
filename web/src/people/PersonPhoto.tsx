import styles from './PersonPhoto.module.css';

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

interface PersonPhotoProps {
  name: string;
  imageUrl: string | null;
  size: 'medium' | 'large';
}

/** A member's photo, or their initials; decorative, as the name always stands beside it. */
export function PersonPhoto({ name, imageUrl, size }: PersonPhotoProps) {
  if (imageUrl) return <img className={styles.photo} data-size={size} src={imageUrl} alt="" />;
  return (
    <span className={styles.photo} data-size={size} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
