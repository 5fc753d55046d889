import { limits } from '@kindling/contract';
import { useFormState, useWatch } from 'react-hook-form';
import { CountedTextField } from '../../forms/CountedTextField.tsx';
import { type IdeaFormApi, IdeaFormSection } from './IdeaFormSection.tsx';

/** The idea's words: its title and introduction for the feed, then the optional details. */
export function IdeaTextSections({ form }: { form: IdeaFormApi }) {
  const { errors } = useFormState({ control: form.control });
  const [title, introduction, problem, opportunity] = useWatch({
    control: form.control,
    name: ['title', 'introduction', 'problem', 'opportunity'],
  });
  const counted = (
    name: 'title' | 'introduction' | 'problem' | 'opportunity',
    value: string | null | undefined,
  ) => ({
    value: value ?? '',
    registration: form.register(name),
    error: errors[name]?.message,
  });
  return (
    <>
      <IdeaFormSection title="The idea" lead="A clear title and a short introduction for the feed.">
        <CountedTextField
          {...counted('title', title)}
          label="Title"
          max={limits.ideaTitle}
          placeholder="A short, descriptive title"
          required
        />
        <CountedTextField
          {...counted('introduction', introduction)}
          label="Introduction"
          max={limits.ideaIntroduction}
          description="What is the idea, in a few sentences? This shows on the idea's card."
          rows={4}
          required
        />
      </IdeaFormSection>
      <IdeaFormSection title="Details" lead="Optional, and worth it: readers decide here.">
        <CountedTextField
          {...counted('problem', problem)}
          label="Problem"
          max={limits.ideaProblem}
          description="What problem does it address, and for whom?"
          rows={6}
        />
        <CountedTextField
          {...counted('opportunity', opportunity)}
          label="Opportunity"
          max={limits.ideaOpportunity}
          description="What could it become? Markets, impact, next steps."
          rows={6}
        />
      </IdeaFormSection>
    </>
  );
}
