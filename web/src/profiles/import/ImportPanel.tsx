import {
  type ImportSection,
  importSections,
  MAX_IMPORT_DOIS,
  scholarlyMessages,
} from '@kindling/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import fieldStyles from '../../forms/Field.module.css';
import { FormAlert } from '../../forms/FormAlert.tsx';
import buttons from '../../shell/buttons.module.css';
import { profileQueryKey, type UserProfile } from '../profileApi.ts';
import { CandidateItem } from './CandidateItem.tsx';
import styles from './ImportPanel.module.css';
import {
  decideCandidate,
  fetchCandidates,
  type ImportCandidate,
  importsQueryKey,
  runImport,
} from './importApi.ts';
import { importProblem } from './importProblems.ts';

type Decision = 'accept' | 'reject';

/**
 * The "Import" panel of /update-profile (CONTRACT §10): entries found in ORCID, in DOIs or in a
 * reference file wait here as candidates, each accepted into its section or rejected.
 */
export function ImportPanel({ profile }: { profile: UserProfile }) {
  const userId = profile.id;
  const queryClient = useQueryClient();
  const headingId = useId();
  const doisId = useId();
  const fileId = useId();
  const [dois, setDois] = useState('');
  const [doisProblem, setDoisProblem] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [news, setNews] = useState<string | null>(null);

  const waiting = useQuery({
    queryKey: importsQueryKey(userId),
    queryFn: ({ signal }) => fetchCandidates(userId, signal),
  });
  const candidates = waiting.data?.candidates ?? [];

  const imported = useMutation({
    mutationFn: (what: Parameters<typeof runImport>[1]) => runImport(userId, what),
    onMutate: () => {
      setProblem(null);
      setNews(null);
    },
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: importsQueryKey(userId) });
      const found = `${answer.candidates.length} ${answer.candidates.length === 1 ? 'entry' : 'entries'} found.`;
      const missing = answer.not_found.length ? ` Not found: ${answer.not_found.join(', ')}.` : '';
      setNews(`${found}${missing}`);
    },
    onError: (error) => setProblem(importProblem(error)),
  });

  const decided = useMutation({
    mutationFn: async ({ ids, decision }: { ids: number[]; decision: Decision }) => {
      let answer: Awaited<ReturnType<typeof decideCandidate>> | undefined;
      for (const id of ids) answer = await decideCandidate(userId, id, decision);
      return answer;
    },
    onMutate: () => setProblem(null),
    onSuccess: (answer) => {
      if (answer) queryClient.setQueryData(importsQueryKey(userId), answer);
    },
    onError: (error) => {
      setProblem(importProblem(error));
      void queryClient.invalidateQueries({ queryKey: importsQueryKey(userId) });
    },
    onSettled: (_answer, _error, { decision }) => {
      if (decision === 'accept')
        void queryClient.invalidateQueries({ queryKey: profileQueryKey(userId) });
    },
  });
  const busy = imported.isPending || decided.isPending;
  const decide = (ids: number[], decision: Decision) => decided.mutate({ ids, decision });

  const importDois = (event: FormEvent) => {
    event.preventDefault();
    const lines = dois
      .split(/\s+/)
      .map((line) => line.trim())
      .filter(Boolean);
    // Should the check itself fail to load, the server checks the DOIs the same way.
    void import('./doiCheck.ts')
      .then((check) => check.doisProblem(lines))
      .catch(() => null)
      .then((found) => {
        setDoisProblem(found);
        if (!found) imported.mutate({ source: 'doi', dois: lines });
      });
  };
  const importFile = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setFileProblem(scholarlyMessages.file);
    setFileProblem(null);
    imported.mutate(file);
  };

  const sections = Object.keys(importSections) as ImportSection[];
  const groups = sections
    .map((section) => ({ section, items: candidates.filter((c) => c.section === section) }))
    .filter((group) => group.items.length > 0);

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        Import
      </h2>
      <p className={styles.lead}>
        Fill your profile from ORCID, from DOIs or from your reference manager. Each entry found
        waits below until you accept or reject it.
      </p>
      {problem && <FormAlert message={[problem]} />}
      {news && <FormAlert tone="success" message={[news]} />}
      <div className={styles.sources}>
        <div className={styles.source}>
          <h3 className={styles.sourceTitle}>From ORCID</h3>
          {profile.orcid ? (
            <>
              <p className={styles.hint}>
                Works, employments, educations and fundings of {profile.orcid}.
              </p>
              <button
                type="button"
                className={buttons.primary}
                disabled={busy}
                onClick={() => imported.mutate({ source: 'orcid' })}
              >
                Import from ORCID
              </button>
            </>
          ) : (
            <p className={styles.hint}>
              {scholarlyMessages.orcidMissing} Add it in the ORCID iD field of your profile above,
              then come back here.
            </p>
          )}
        </div>
        <form className={styles.source} onSubmit={importDois} noValidate>
          <h3 className={styles.sourceTitle}>From DOIs</h3>
          <div className={fieldStyles.field}>
            <label className={fieldStyles.label} htmlFor={doisId}>
              DOIs, one per line (up to {MAX_IMPORT_DOIS})
            </label>
            <textarea
              id={doisId}
              className={`${fieldStyles.input} ${styles.dois}`}
              rows={4}
              value={dois}
              placeholder="10.1038/171737a0"
              aria-invalid={doisProblem ? true : undefined}
              aria-describedby={doisProblem ? `${doisId}-error` : undefined}
              onChange={(event) => setDois(event.target.value)}
            />
            {doisProblem && (
              <p id={`${doisId}-error`} className={fieldStyles.error}>
                {doisProblem}
              </p>
            )}
          </div>
          <button type="submit" className={buttons.primary} disabled={busy}>
            Import DOIs
          </button>
        </form>
        <form className={styles.source} onSubmit={importFile} noValidate>
          <h3 className={styles.sourceTitle}>From a file</h3>
          <div className={fieldStyles.field}>
            <label className={fieldStyles.label} htmlFor={fileId}>
              BibTeX (.bib) or RIS (.ris) file, up to 1 MiB
            </label>
            <input
              id={fileId}
              type="file"
              accept=".bib,.ris,.txt"
              className={styles.file}
              aria-invalid={fileProblem ? true : undefined}
              aria-describedby={fileProblem ? `${fileId}-error` : undefined}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
            {fileProblem && (
              <p id={`${fileId}-error`} className={fieldStyles.error}>
                {fileProblem}
              </p>
            )}
          </div>
          <button type="submit" className={buttons.primary} disabled={busy}>
            Import file
          </button>
        </form>
      </div>
      {imported.isPending && (
        <p role="status" className={styles.hint}>
          Importing…
        </p>
      )}
      {candidates.length > 0 && (
        <div className={styles.waiting}>
          <div className={styles.waitingHead}>
            <h3 className={styles.sourceTitle}>Waiting for you ({candidates.length})</h3>
            <div className={styles.actions}>
              <button
                type="button"
                className={buttons.primary}
                disabled={busy}
                onClick={() =>
                  decide(
                    candidates.map((c) => c.id),
                    'accept',
                  )
                }
              >
                Accept all
              </button>
              <button
                type="button"
                className={buttons.secondary}
                disabled={busy}
                onClick={() =>
                  decide(
                    candidates.map((c) => c.id),
                    'reject',
                  )
                }
              >
                Reject all
              </button>
            </div>
          </div>
          {groups.map(({ section, items }) => (
            <section key={section} aria-label={importSections[section]} className={styles.group}>
              <h4 className={styles.groupTitle}>{importSections[section]}</h4>
              <ul className={styles.list}>
                {items.map((candidate: ImportCandidate) => (
                  <CandidateItem
                    key={candidate.id}
                    candidate={candidate}
                    disabled={busy}
                    onDecide={(decision) => decide([candidate.id], decision)}
                  />
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </section>
  );
}
