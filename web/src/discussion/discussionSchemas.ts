import { zodResolver } from '@hookform/resolvers/zod';
import { commentBody, interestAnswerBody, interestBody } from '@kindling/contract';

/** The contract's schemas as form resolvers; loaded apart so zod waits for first use. */
export const commentResolver = zodResolver(commentBody);
export const interestResolver = zodResolver(interestBody);
export const interestAnswerResolver = zodResolver(interestAnswerBody);
