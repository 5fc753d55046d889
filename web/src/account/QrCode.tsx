import { create } from 'qrcode';
import { useMemo } from 'react';
import styles from './account.module.css';

/** The quiet zone QR readers need around the code, in modules. */
const MARGIN = 4;

/**
 * A QR code drawn as one SVG path from `qrcode`'s module matrix: React elements, no HTML string
 * and no data URL, so the page's content security policy needs nothing more.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = create(text, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        if (modules.get(row, col)) d += `M${col + MARGIN} ${row + MARGIN}h1v1h-1z`;
      }
    }
    return { size: modules.size + 2 * MARGIN, path: d };
  }, [text]);
  return (
    <svg
      className={styles.qr}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
