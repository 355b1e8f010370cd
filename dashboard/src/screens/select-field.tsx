/** Props of {@link SelectField}. */
interface SelectFieldProps<V extends string> {
  /** The select's id, also its `data-testid`. */
  id: string;
  label: string;
  value: V;
  options: readonly V[];
  /** When set, a first option with the empty value and this text (e.g. "Any"). */
  emptyLabel?: string;
  onChange: (value: V) => void;
}

/** A labelled `<select>` over a list of string values, in the dashboard's field layout. */
export function SelectField<V extends string>({
  id,
  label,
  value,
  options,
  emptyLabel,
  onChange,
}: SelectFieldProps<V>) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select
        id={id}
        data-testid={id}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value as V)}
      >
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}
