import type { MailFrequency } from '@kindling/contract';

/** How the settings screen names each frequency (CONTRACT §9), in the order it offers them. */
export const mailChoiceLabels: Record<MailFrequency, string> = {
  off: 'Off',
  immediate: 'Immediately',
  daily: 'Daily digest',
  weekly: 'Weekly digest',
};
