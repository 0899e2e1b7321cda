import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { s } from './styles';

interface Props {
  id: string;
  label: ReactNode;
  value: number;
  max: number;
  disabled?: boolean;
  onCommit: (seconds: number) => void;
}

/**
 * A time in seconds, typed freely and applied on Enter or when focus leaves (applying every keystroke would
 * clamp half-typed numbers). The field shows the applied value again after the rules adjusted it.
 */
export function TimeField({ id, label, value, max, disabled, onCommit }: Props) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    const seconds = Number(draft);
    setDraft(null);
    if (draft.trim() !== '' && Number.isFinite(seconds)) onCommit(seconds);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      // Applies the value; it does not submit the form (that would render the highlight).
      e.preventDefault();
      commit();
    }
    if (e.key === 'Escape') setDraft(null);
  };
  return (
    <div style={s.field}>
      <label htmlFor={id} style={s.small}>
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        step={0.1}
        min={0}
        max={max}
        disabled={disabled}
        style={s.numberInput}
        value={draft ?? String(value)}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
      />
    </div>
  );
}
