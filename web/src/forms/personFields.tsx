import { TextField, type TextFieldProps } from './TextField.tsx';

/** A person's e-mail address: no capitals, no spelling marks, the e-mail keyboard on a phone. */
export function EmailField(
  props: Omit<TextFieldProps, 'label' | 'type' | 'inputMode' | 'spellCheck' | 'autoCapitalize'>,
) {
  return (
    <TextField
      label="Email"
      type="email"
      inputMode="email"
      spellCheck={false}
      autoCapitalize="off"
      required
      {...props}
    />
  );
}

type NameFieldProps = Pick<TextFieldProps, 'registration' | 'error'>;

interface NameFieldsProps {
  first: NameFieldProps;
  last: NameFieldProps;
  /** The member's own name, which the browser may fill in; another person's is not. */
  own: boolean;
}

/** First and last name, both required. */
export function NameFields({ first, last, own }: NameFieldsProps) {
  return (
    <>
      <TextField label="First Name" autoComplete={own ? 'given-name' : 'off'} required {...first} />
      <TextField label="Last Name" autoComplete={own ? 'family-name' : 'off'} required {...last} />
    </>
  );
}

type UrlFieldProps = Pick<TextFieldProps, 'registration' | 'error'>;

const urlInput = {
  type: 'url',
  inputMode: 'url',
  spellCheck: false,
  autoCapitalize: 'off',
} as const;

/** The Google Scholar profile a faculty member may give (SPEC §5). */
export function ScholarUrlField(props: UrlFieldProps) {
  return (
    <TextField
      label="Google Scholar URL"
      placeholder="https://scholar.google.com/citations?user=…"
      description="Optional"
      {...urlInput}
      {...props}
    />
  );
}

/** The LinkedIn profile: required of a request or invitation, optional for a created profile. */
export function LinkedInUrlField({ required, ...props }: UrlFieldProps & { required: boolean }) {
  return (
    <TextField
      label="LinkedIn URL"
      placeholder="https://www.linkedin.com/in/…"
      description={required ? undefined : 'Optional'}
      required={required}
      {...urlInput}
      {...props}
    />
  );
}
