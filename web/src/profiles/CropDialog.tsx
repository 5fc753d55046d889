import { useEffect, useId, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import buttons from '../shell/buttons.module.css';
import { Icon, type IconProps } from '../shell/icons.tsx';
import { DialogTitle, ModalDialog } from '../shell/ModalDialog.tsx';
import { cropToJpeg } from './cropImage.ts';
import styles from './dialogs.module.css';
import { croppedFileName, cropSettings, nextRotation, zoomPercent } from './photoRules.ts';
import { profileProblemMessages } from './profileProblems.ts';

const RotateIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" />
  </Icon>
);

interface CropDialogProps {
  file: File;
  userId: number;
  onCancel(): void;
  onCropped(file: File): void;
}

/**
 * SPEC §2 'Crop Profile Photo': a 4:3 frame without grid, zoom 1 to 3 shown in percent, quarter
 * turns. The page behind does not scroll while it is open (ModalDialog locks it).
 */
export function CropDialog({ file, userId, onCancel, onCropped }: CropDialogProps) {
  const [src, setSrc] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(cropSettings.defaultZoom);
  const [rotation, setRotation] = useState(0);
  const [area, setArea] = useState<Area | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const zoomId = useId();

  useEffect(() => {
    const url = URL.createObjectURL(file);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const save = async () => {
    if (!src || !area) {
      setProblem(profileProblemMessages.cropMissing);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const blob = await cropToJpeg(src, area, rotation);
      if (!blob) {
        setProblem(profileProblemMessages.cropMissing);
        return;
      }
      onCropped(new File([blob], croppedFileName(userId, Date.now()), { type: 'image/jpeg' }));
    } catch {
      setProblem(profileProblemMessages.cropFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog
      className={styles.modal}
      isDismissable={!busy}
      isKeyboardDismissDisabled={busy}
      onClose={onCancel}
    >
      <div className={styles.dialog}>
        <DialogTitle className={styles.title}>Crop Profile Photo</DialogTitle>
        <div className={styles.stage}>
          {src && (
            <Cropper
              image={src}
              crop={crop}
              zoom={zoom}
              rotation={rotation}
              aspect={cropSettings.aspect}
              minZoom={cropSettings.minZoom}
              maxZoom={cropSettings.maxZoom}
              showGrid={false}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onRotationChange={setRotation}
              onCropComplete={(_, pixels) => setArea(pixels)}
              mediaProps={{ alt: 'Photo being cropped' }}
            />
          )}
        </div>
        <div className={styles.controls}>
          <div className={styles.zoom}>
            <label htmlFor={zoomId} className={styles.zoomLabel}>
              Zoom
            </label>
            <input
              id={zoomId}
              className={styles.slider}
              type="range"
              min={cropSettings.minZoom}
              max={cropSettings.maxZoom}
              step={cropSettings.zoomStep}
              value={zoom}
              aria-valuetext={`${zoomPercent(zoom)}%`}
              onChange={(event) => setZoom(Number(event.target.value))}
            />
            <output htmlFor={zoomId} className={styles.percent}>
              {zoomPercent(zoom)}%
            </output>
          </div>
          <button
            type="button"
            className={buttons.secondary}
            onClick={() => setRotation(nextRotation)}
          >
            <RotateIcon width={18} height={18} />
            Rotate
          </button>
        </div>
        {problem && (
          <p role="alert" className={styles.problem}>
            {problem}
          </p>
        )}
        <div className={styles.actions}>
          <button type="button" className={buttons.secondary} onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="button" className={buttons.primary} onClick={save} disabled={busy || !src}>
            Crop and Save
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
