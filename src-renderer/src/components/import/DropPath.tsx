// Electron: drop a file here to fill in its path (the import then reads it like a typed path, within the allowed
// folders). The browser host has FileUpload instead.
import { useState } from 'react';

export function DropPath({ disabled, onPath }: { disabled: boolean; onPath(path: string): void }) {
  const [over, setOver] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  return (
    <div
      className={`drop-zone${over ? ' over' : ''}`}
      data-testid="import-drop-path"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const file = e.dataTransfer.files[0];
        const path = file && !disabled ? window.ctrlg?.pathForFile?.(file) : undefined;
        if (path) {
          setNote(null);
          onPath(path);
        } else setNote('That drop carried no file path: use Browse… instead.');
      }}
    >
      <span className="muted small">…or drop a file here</span>
      {note && <span className="small warning">{note}</span>}
    </div>
  );
}
