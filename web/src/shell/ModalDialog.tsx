import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
} from 'react';
import buttons from './buttons.module.css';
import { CloseIcon } from './icons.tsx';
import styles from './ModalDialog.module.css';

/**
 * A modal on the native <dialog>: showModal() traps focus, makes the page behind inert and draws
 * the ::backdrop, in a few hundred bytes where react-aria's modal costs some 25 KiB gzip
 * (docs/decisions/0015-page-weight-budgets.md). Page scrolling stays locked while it is open
 * (SPEC §2), and focus returns to where it was when it closes.
 */

const TitleId = createContext<string | undefined>(undefined);

/** Locks page scrolling while any modal is open, keeping the scrollbar's room so nothing shifts. */
let locks = 0;
let unlock = () => {};
function lockScroll() {
  if (locks++ === 0) {
    const root = document.documentElement;
    const { overflow, paddingRight } = root.style;
    const scrollbar = window.innerWidth - root.clientWidth;
    root.style.overflow = 'hidden';
    if (scrollbar > 0) root.style.paddingRight = `${scrollbar}px`;
    unlock = () => Object.assign(root.style, { overflow, paddingRight });
  }
  return () => {
    if (--locks === 0) unlock();
  };
}

interface ModalDialogProps {
  /** The box's look: width, background, radius, shadow. */
  className?: string;
  role?: 'dialog' | 'alertdialog';
  /** The name when the dialog has no DialogTitle. */
  'aria-label'?: string;
  /** A click on the backdrop closes it. */
  isDismissable?: boolean;
  /** Escape closes it unless this is set. */
  isKeyboardDismissDisabled?: boolean;
  onClose?(): void;
  children: ReactNode;
}

/**
 * Open while mounted. Focus goes to the element marked `data-autofocus`, or else where the
 * browser puts it (the first focusable element).
 */
export function ModalDialog({
  className,
  role,
  'aria-label': label,
  isDismissable = false,
  isKeyboardDismissDisabled = false,
  onClose,
  children,
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const pressedOnBackdrop = useRef(false);
  const keepOpen = useRef(isKeyboardDismissDisabled);
  keepOpen.current = isKeyboardDismissDisabled;

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement as HTMLElement | null;
    const unlockScroll = lockScroll();
    dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      unlockScroll();
      dialog.close();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);

  useEffect(() => {
    const dialog = ref.current;
    // A browser may close a modal on a second Escape without a cancel event it lets us refuse.
    const reopen = () => {
      if (dialog?.isConnected && !dialog.open && keepOpen.current) dialog.showModal();
    };
    dialog?.addEventListener('close', reopen);
    return () => dialog?.removeEventListener('close', reopen);
  }, []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop; Escape is the keyboard's way out
    <dialog
      ref={ref}
      className={`${styles.dialog} ${className ?? ''}`}
      role={role}
      aria-label={label}
      aria-labelledby={label ? undefined : titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!isKeyboardDismissDisabled) onClose?.();
      }}
      onPointerDown={(event) => {
        pressedOnBackdrop.current = event.target === ref.current;
      }}
      onClick={(event) => {
        if (isDismissable && pressedOnBackdrop.current && event.target === ref.current) {
          onClose?.();
        }
      }}
    >
      <TitleId value={titleId}>{children}</TitleId>
    </dialog>
  );
}

/** The dialog's heading, which names it. */
export function DialogTitle({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <h2 id={useContext(TitleId)} className={className}>
      {children}
    </h2>
  );
}

/** The × in a sheet's header; its label says what it closes, as no text does. */
export function DialogCloseButton({ label, onClose }: { label: string; onClose(): void }) {
  return (
    <button type="button" className={buttons.iconOnly} aria-label={label} onClick={onClose}>
      <CloseIcon />
    </button>
  );
}
