// Column names for CSV imports: which columns hold head, relation and tail (and optional types).
import { useImportStore, type CsvFields } from '../../stores/importStore.js';

const FIELDS: { key: keyof CsvFields; label: string; required: boolean; placeholder?: string }[] = [
  { key: 'head', label: 'Head column', required: true },
  { key: 'relation', label: 'Relation column', required: true },
  { key: 'tail', label: 'Tail column', required: true },
  { key: 'headType', label: 'Head type column', required: false, placeholder: 'optional' },
  { key: 'tailType', label: 'Tail type column', required: false, placeholder: 'optional' },
  { key: 'delimiter', label: 'Delimiter', required: false, placeholder: ', (default)' },
];

export function CsvColumnFields({ disabled }: { disabled: boolean }) {
  const csv = useImportStore((s) => s.form.csv);
  const setCsv = useImportStore((s) => s.setCsv);
  return (
    <fieldset className="csv-fields" data-testid="csv-fields" disabled={disabled}>
      <legend>CSV columns</legend>
      {FIELDS.map((f) => (
        <label key={f.key} className="field">
          <span>{f.label}</span>
          <input
            className="input"
            value={csv[f.key]}
            required={f.required}
            placeholder={f.placeholder}
            maxLength={f.key === 'delimiter' ? 1 : 200}
            onChange={(e) => setCsv({ [f.key]: e.target.value })}
            data-testid={`csv-${f.key}`}
          />
        </label>
      ))}
    </fieldset>
  );
}
