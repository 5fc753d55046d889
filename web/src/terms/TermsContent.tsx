import { LoadProblem } from '../errors/LoadProblem.tsx';
import { PageSpinner } from '../shell/Spinner.tsx';
import { TermsDocument } from './TermsDocument.tsx';
import { useTerms } from './termsApi.ts';

/** Loads the terms and shows them, a spinner, or what went wrong. */
export function TermsContent() {
  const terms = useTerms();
  if (terms.data) return <TermsDocument terms={terms.data} />;
  if (terms.isError) return <LoadProblem error={terms.error} onRetry={() => terms.refetch()} />;
  return <PageSpinner />;
}
