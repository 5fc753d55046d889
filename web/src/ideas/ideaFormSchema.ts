import { zodResolver } from '@hookform/resolvers/zod';
import { ideaBody } from '@kindling/contract';

/** The contract's idea schema as the form's resolver; loaded apart so zod waits for first use. */
export const ideaResolver = zodResolver(ideaBody);
