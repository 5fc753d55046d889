import {
  type ImportPreview,
  type ImportResult,
  type ImportRowError,
  importColumnHelp,
  importColumns,
  importLimits,
  requiredImportColumns,
} from '@kindling/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useRef, useState } from 'react';
import { problemMessage } from '../../api/apiError.ts';
import { FormAlert } from '../../forms/FormAlert.tsx';
import buttons from '../../shell/buttons.module.css';
import { Spinner } from '../../shell/Spinner.tsx';
import { showToast } from '../../shell/showToast.ts';
import styles from './ImportSection.module.css';
import { previewImport, runImport, TEMPLATE_URL } from './importApi.ts';

type Stage =
  | { step: 'choose' }
  | { step: 'checking'; file: File }
  | { step: 'previewed'; file: File; preview: ImportPreview }
  | { step: 'importing'; file: File; preview: ImportPreview }
  | { step: 'done'; file: File; result: ImportResult }
  | { step: 'failed'; message: string };

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

interface PreviewTableProps {
  id: string;
  title: ReactNode;
  /** The scrolling frame's name, for a screen reader. */
  label: string;
  columns: readonly string[];
  /** The body's rows. */
  children: ReactNode;
}

/** A titled table of the preview, in a frame that scrolls when wider or longer than the screen. */
function PreviewTable({ id, title, label, columns, children }: PreviewTableProps) {
  return (
    <section className={styles.block} aria-labelledby={id}>
      <h3 id={id} className={styles.blockTitle}>
        {title}
      </h3>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard to scroll it. */}
      <section className={styles.scroller} aria-label={label} tabIndex={0}>
        <table className={styles.table}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </section>
    </section>
  );
}

function RowErrors({
  title,
  errors,
  total,
}: {
  title: string;
  errors: ImportRowError[];
  total: number;
}) {
  if (errors.length === 0) return null;
  return (
    <PreviewTable
      id="import-errors"
      title={
        <>
          {title}
          {total > errors.length && (
            <span className={styles.sub}>
              {' '}
              (the first {errors.length} of {total})
            </span>
          )}
        </>
      }
      label="Rows with errors"
      columns={['Row', 'E-mail', 'Problem']}
    >
      {errors.map((error) => (
        <tr key={`${error.row}-${error.email}`}>
          <td className={styles.number}>{error.row}</td>
          <td className={styles.email}>{error.email || '—'}</td>
          <td>
            <ul className={styles.problems}>
              {error.details.map((detail) => (
                <li key={detail.field}>
                  <code>{detail.field}</code> {detail.error}
                </li>
              ))}
            </ul>
          </td>
        </tr>
      ))}
    </PreviewTable>
  );
}

function Sample({ preview }: { preview: ImportPreview }) {
  if (preview.sample.length === 0) return null;
  return (
    <PreviewTable
      id="import-sample"
      title="The first rows"
      label="The first rows to import"
      columns={['Row', 'Person', 'Role', 'School', 'Will be']}
    >
      {preview.sample.map((row) => (
        <tr key={row.row}>
          <td className={styles.number}>{row.row}</td>
          <td>
            <span className={styles.name}>
              {row.first_name} {row.last_name}
            </span>
            <span className={styles.subLine}>{row.email}</span>
          </td>
          <td>{row.role}</td>
          <td>
            {row.school ?? '—'}
            {row.department && <span className={styles.subLine}>{row.department}</span>}
          </td>
          <td>
            <span className={styles.action} data-action={row.action}>
              {row.action === 'new' ? 'New' : 'Updated'}
            </span>
          </td>
        </tr>
      ))}
    </PreviewTable>
  );
}

function ColumnHelp() {
  return (
    <details className={styles.help}>
      <summary>The columns and how a file is read</summary>
      <ul className={styles.helpNotes}>
        <li>
          The first row names the columns, in any order; only {requiredImportColumns.join(', ')} are
          required. Save spreadsheets as “CSV UTF-8”.
        </li>
        <li>
          People are matched by e-mail: a known e-mail updates that person, so importing the same
          file twice changes nothing twice. An empty cell keeps what the profile already has.
        </li>
        <li>
          Schools and departments must already exist and be active (add them under Reference data);
          an unknown name is an error for that row, never created.
        </li>
        <li>
          List sections hold JSON, checked by the same rules as the profile form. New people are
          approved and get their claim link only when you ask for the mail.
        </li>
        <li>
          At most {importLimits.bytes / 1024 / 1024} MiB and{' '}
          {importLimits.rows.toLocaleString('en')} rows per file.
        </li>
      </ul>
      <dl className={styles.columns}>
        {importColumns.map((column) => (
          <div key={column} className={styles.column}>
            <dt>
              <code>{column}</code>
            </dt>
            <dd>{importColumnHelp[column]}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/**
 * Bulk onboarding (issue 6): choose a CSV, see what it would do row by row, then import it. The
 * file is sent twice, once to preview and once to import, so nothing is staged on the server.
 */
export function ImportSection() {
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>({ step: 'choose' });
  const [mail, setMail] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | null>(null);
  const ids = useId();

  const check = async (file: File) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setStage({ step: 'checking', file });
    try {
      const preview = await previewImport(file, current.signal);
      setStage({ step: 'previewed', file, preview });
    } catch (error) {
      if (current.signal.aborted) return;
      setStage({ step: 'failed', message: problemMessage(error) });
      // So that choosing the same file again, once fixed, checks it again.
      if (input.current) input.current.value = '';
    }
  };

  const start = async (file: File, preview: ImportPreview) => {
    setStage({ step: 'importing', file, preview });
    try {
      const result = await runImport(file, mail);
      setStage({ step: 'done', file, result });
      showToast(
        `Imported ${plural(result.created + result.updated, 'person', 'people')}.`,
        'success',
      );
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    } catch (error) {
      setStage({ step: 'failed', message: problemMessage(error) });
    }
  };

  const again = () => {
    setStage({ step: 'choose' });
    if (input.current) input.current.value = '';
  };

  const busy = stage.step === 'checking' || stage.step === 'importing';
  const importable =
    stage.step === 'previewed' || stage.step === 'importing'
      ? stage.preview.new + stage.preview.update
      : 0;

  return (
    <div className={styles.section}>
      <div className={styles.card}>
        <div className={styles.intro}>
          <p>
            One row per person: new e-mails become new profiles, known ones are updated. Start from
            the template, which names every column and has two example people.
          </p>
          <a className={buttons.secondary} href={TEMPLATE_URL} download="people-template.csv">
            Download the template
          </a>
        </div>
        <div className={styles.picker}>
          <label htmlFor={`${ids}-file`} className={styles.label}>
            CSV file
          </label>
          <input
            ref={input}
            id={`${ids}-file`}
            className={styles.file}
            type="file"
            accept=".csv,text/csv"
            disabled={busy}
            aria-describedby={`${ids}-file-hint`}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void check(file);
            }}
          />
          <p id={`${ids}-file-hint`} className={styles.hint}>
            Choosing a file only checks it; nothing changes until you import.
          </p>
        </div>
        <ColumnHelp />
      </div>

      {stage.step === 'checking' && (
        <div className={styles.waiting} role="status">
          <Spinner />
          Checking {stage.file.name}…
        </div>
      )}

      {stage.step === 'failed' && <FormAlert message={[stage.message]} />}

      {(stage.step === 'previewed' || stage.step === 'importing') && (
        <section className={styles.card} aria-labelledby="import-preview">
          <h2 id="import-preview" className={styles.title}>
            {stage.file.name}
          </h2>
          <ul className={styles.counts} aria-label="What the import would do">
            <li>
              <strong>{plural(stage.preview.rows, 'row')}</strong>
            </li>
            <li data-tone="new">
              <strong>{stage.preview.new.toLocaleString('en')}</strong> new
            </li>
            <li data-tone="update">
              <strong>{stage.preview.update.toLocaleString('en')}</strong> to update
            </li>
            <li data-tone="error">
              <strong>{stage.preview.error.toLocaleString('en')}</strong> with errors
            </li>
          </ul>
          <RowErrors
            title="Rows that will not be imported"
            errors={stage.preview.errors}
            total={stage.preview.error}
          />
          <Sample preview={stage.preview} />
          <div className={styles.confirm}>
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={mail}
                disabled={busy}
                onChange={(event) => setMail(event.target.checked)}
              />
              Mail claim links to the {plural(stage.preview.new, 'new person', 'new people')}
            </label>
            <div className={styles.buttons}>
              <button type="button" className={buttons.secondary} onClick={again} disabled={busy}>
                Choose another file
              </button>
              <button
                type="button"
                className={buttons.primary}
                disabled={busy || importable === 0}
                onClick={() => void start(stage.file, stage.preview)}
              >
                {stage.step === 'importing'
                  ? 'Importing…'
                  : `Import ${plural(importable, 'person', 'people')}`}
              </button>
            </div>
          </div>
        </section>
      )}

      {stage.step === 'done' && (
        <section className={styles.card} aria-labelledby="import-done">
          <h2 id="import-done" className={styles.title}>
            Imported {stage.file.name}
          </h2>
          <FormAlert
            tone="success"
            message={[
              `${plural(stage.result.created, 'person', 'people')} created, ${stage.result.updated.toLocaleString('en')} updated, ${stage.result.failed.toLocaleString('en')} not imported.${stage.result.mailed ? ` Claim links mailed to ${plural(stage.result.mailed, 'person', 'people')}.` : ''}`,
            ]}
          />
          <RowErrors
            title="Rows not imported"
            errors={stage.result.errors}
            total={stage.result.failed}
          />
          <div className={styles.buttons}>
            <button type="button" className={buttons.secondary} onClick={again}>
              Import another file
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
