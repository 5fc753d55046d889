import { useState } from 'react';

/**
 * A dialog's one action: pending while it runs, then the dialog closes. A failure (which whoever
 * ran it has already shown, in a toast) leaves the dialog open, its buttons enabled again.
 */
export function useDialogAction(onClose: () => void) {
  const [pending, setPending] = useState(false);
  const run = async (action: () => Promise<unknown>) => {
    setPending(true);
    try {
      await action();
      onClose();
    } catch {
      setPending(false);
    }
  };
  return { pending, run };
}
