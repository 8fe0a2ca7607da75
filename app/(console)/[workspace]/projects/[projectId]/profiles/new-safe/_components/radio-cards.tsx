import { cn } from '@/lib/cn';

export type RadioCard<T extends string> = { id: T; label: string; hint: string };

/** A choice among a few options, each a card with a line of explanation. */
export function RadioCards<T extends string>({
  name,
  label,
  options,
  value,
  onChange,
}: {
  name: string;
  label: string;
  options: readonly RadioCard<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div role="radiogroup" aria-label={label} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {options.map((option) => (
        <label
          key={option.id}
          className={cn(
            'flex cursor-pointer gap-3 rounded-lg border p-4 transition-colors hover:bg-muted/50',
            value === option.id && 'border-primary bg-accent/40',
          )}
        >
          <input
            type="radio"
            name={name}
            className="mt-0.5 accent-primary"
            checked={value === option.id}
            onChange={() => onChange(option.id)}
          />
          <span className="grid gap-0.5">
            <span className="font-medium text-sm">{option.label}</span>
            <span className="text-muted-foreground text-xs">{option.hint}</span>
          </span>
        </label>
      ))}
    </div>
  );
}
