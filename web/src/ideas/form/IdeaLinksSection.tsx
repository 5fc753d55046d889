import { ideaMessages, limits } from '@kindling/contract';
import { useFormState } from 'react-hook-form';
import { EntryList } from '../../forms/EntryList.tsx';
import fieldStyles from '../../forms/Field.module.css';
import { FieldShell } from '../../forms/FieldShell.tsx';
import { useTenant } from '../../tenant/TenantContext.ts';
import styles from '../IdeaForm.module.css';
import { shownMessage } from '../ideaFormRules.ts';
import { type IdeaFormApi, IdeaFormSection } from './IdeaFormSection.tsx';

/** Up to three links to papers, demos or press, each a URL with its title. */
export function IdeaLinksSection({ form }: { form: IdeaFormApi }) {
  const { branding } = useTenant();
  const errors = useFormState({ control: form.control, name: 'urls' }).errors.urls;
  const shown = (message: string | undefined) => shownMessage(message, branding.patentNumberError);
  return (
    <IdeaFormSection
      title="Supporting links"
      lead={`Up to ${limits.maxLinks} links to papers, demos or press, each with a title.`}
    >
      <EntryList
        control={form.control}
        name="urls"
        noun="supporting link"
        blank={{ url: '', title: '' }}
        max={limits.maxLinks}
        limitMessage={ideaMessages.maxLinks}
        addLabel="Add link"
        reorder={false}
        layout="row"
      >
        {(index) => (
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
        )}
      </EntryList>
    </IdeaFormSection>
  );
}
