import { limits } from '@kindling/contract';
import { useFieldArray } from 'react-hook-form';
import fieldStyles from '../../forms/Field.module.css';
import { FieldShell } from '../../forms/FieldShell.tsx';
import buttons from '../../shell/buttons.module.css';
import { TrashIcon } from '../../shell/screenIcons.tsx';
import { useTenant } from '../../tenant/TenantContext.ts';
import styles from '../IdeaForm.module.css';
import { shownMessage } from '../ideaFormRules.ts';
import { AddRow } from './AddRow.tsx';
import { type IdeaFormApi, IdeaFormSection } from './IdeaFormSection.tsx';

/** Up to three links to papers, demos or press, each a URL with its title. */
export function IdeaLinksSection({ form }: { form: IdeaFormApi }) {
  const { branding } = useTenant();
  const links = useFieldArray({ control: form.control, name: 'urls' });
  const errors = form.formState.errors.urls;
  const shown = (message: string | undefined) => shownMessage(message, branding.patentNumberError);
  return (
    <IdeaFormSection
      title="Supporting links"
      lead={`Up to ${limits.maxLinks} links to papers, demos or press, each with a title.`}
    >
      {links.fields.map((field, index) => (
        <fieldset key={field.id} className={styles.linkRow}>
          <legend className="visually-hidden">Supporting link {index + 1}</legend>
          <div className={styles.linkFields}>
            <FieldShell label="URL" error={shown(errors?.[index]?.url?.message)}>
              {(control) => (
                <input
                  type="url"
                  inputMode="url"
                  className={fieldStyles.input}
                  placeholder="https://"
                  {...control}
                  {...form.register(`urls.${index}.url`)}
                />
              )}
            </FieldShell>
            <FieldShell label="Link title" error={shown(errors?.[index]?.title?.message)}>
              {(control) => (
                <input
                  type="text"
                  className={fieldStyles.input}
                  maxLength={limits.linkTitle}
                  {...control}
                  {...form.register(`urls.${index}.title`)}
                />
              )}
            </FieldShell>
          </div>
          <button
            type="button"
            className={`${buttons.iconOnly} ${styles.removeLink}`}
            aria-label={`Remove supporting link ${index + 1}`}
            onClick={() => links.remove(index)}
          >
            <TrashIcon width={18} height={18} />
          </button>
        </fieldset>
      ))}
      <AddRow
        kind="urls"
        count={links.fields.length}
        label="Add link"
        onAdd={() => links.append({ url: '', title: '' })}
      />
    </IdeaFormSection>
  );
}
