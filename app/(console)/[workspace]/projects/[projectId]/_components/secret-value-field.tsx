import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';

/** The write-only value box of the create and rotate dialogs. */
export function SecretValueField({
  value,
  onChange,
  error,
  autoFocus,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  autoFocus?: boolean;
}) {
  return (
    <Field
      label="Value"
      htmlFor="secret-value"
      error={error}
      hint="Encrypted at rest. You will not be able to see it again after saving."
    >
      <Textarea
        id="secret-value"
        required
        autoFocus={autoFocus}
        autoComplete="off"
        spellCheck={false}
        rows={3}
        className="font-mono text-[13px]"
        placeholder="sk_live_…"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}
