import { paths } from '../app/paths.ts';
import type { Message, MessagePart } from '../forms/message.ts';

/** SPEC §8 texts the sign-in and password-reset screens share. */
export const OFFLINE_MESSAGE = 'You are offline. Please check your internet connection.';

export const requestInvitationLink: MessagePart = {
  to: paths.requestInvite,
  label: 'request an invitation.',
};

export const unknownAccountMessage: Message = [
  'An account with this email does not exist. Enter a different email or ',
  requestInvitationLink,
];
