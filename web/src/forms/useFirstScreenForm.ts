import { type BaseSyntheticEvent, useRef, useState } from 'react';
import type {
  FieldErrors,
  FieldValues,
  Path,
  Resolver,
  UseFormRegisterReturn,
} from 'react-hook-form';

interface FirstScreenFormOptions<Input extends FieldValues, Output> {
  resolver: Resolver<Input, unknown, Output>;
  defaultValues: Input;
}

type Control = HTMLInputElement;

const controlValue = (control: Control) =>
  control.type === 'checkbox' ? control.checked : control.value;

/**
 * The part of react-hook-form's `useForm` that sign-in uses, for the first screen's script budget
 * (docs/decisions/0015-page-weight-budgets.md): uncontrolled inputs, `register`, `handleSubmit`
 * through the same resolver, `errors`, `isSubmitting`, `resetField` and `getValues`. As with useForm's defaults,
 * the form validates on submit, then each field again as it changes, and a failed submit focuses
 * the first field in error. Other forms use react-hook-form itself.
 */
export function useFirstScreenForm<Input extends FieldValues, Output>({
  resolver,
  defaultValues,
}: FirstScreenFormOptions<Input, Output>) {
  const controls = useRef(new Map<Path<Input>, Control>());
  // What each field held when its input last left the page, so a form shown again keeps it.
  const stored = useRef<FieldValues>({ ...defaultValues });
  const [errors, setErrors] = useState<FieldErrors<Input>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const submitted = useRef(false);

  const fill = (name: Path<Input>, control: Control) => {
    const value = stored.current[name];
    if (control.type === 'checkbox') control.checked = Boolean(value);
    else control.value = String(value ?? '');
  };

  const values = () => {
    const read: FieldValues = { ...stored.current };
    for (const [name, control] of controls.current) read[name] = controlValue(control);
    return read as Input;
  };

  const validate = () =>
    resolver(values(), undefined, { fields: {}, shouldUseNativeValidation: false });

  const register = (name: Path<Input>): UseFormRegisterReturn<Path<Input>> => ({
    name,
    ref: (control: Control | null) => {
      const known = controls.current.get(name);
      if (!control) {
        if (known) stored.current[name] = controlValue(known);
      } else if (control !== known) {
        controls.current.set(name, control);
        fill(name, control);
      }
    },
    onChange: async () => {
      if (!submitted.current) return;
      const { [name]: error } = (await validate()).errors as Record<string, unknown>;
      setErrors((current) => {
        const next: Record<string, unknown> = { ...current };
        if (error) next[name] = error;
        else delete next[name];
        return next as FieldErrors<Input>;
      });
    },
    onBlur: async () => {},
  });

  const handleSubmit =
    (onValid: (values: Output) => Promise<void>) => async (event?: BaseSyntheticEvent) => {
      event?.preventDefault();
      submitted.current = true;
      setSubmitting(true);
      try {
        const result = await validate();
        const failed = Object.keys(result.errors);
        setErrors(result.errors);
        if (failed.length > 0) {
          [...controls.current].find(([name]) => failed.includes(name))?.[1].focus();
          return;
        }
        await onValid(result.values as Output);
      } finally {
        setSubmitting(false);
      }
    };

  const resetField = (name: Path<Input>) => {
    stored.current[name] = defaultValues[name];
    const control = controls.current.get(name);
    if (control) fill(name, control);
    setErrors((current) => {
      const next: Record<string, unknown> = { ...current };
      delete next[name];
      return next as FieldErrors<Input>;
    });
  };

  return {
    register,
    handleSubmit,
    resetField,
    getValues: values,
    formState: { errors, isSubmitting },
  };
}
