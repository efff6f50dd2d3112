// Electron: drop a file here to fill in its path (the import then reads it like a typed path, within the allowed
// folders). The browser host has FileUpload instead.
import { useState } from 'react';
import { DropZone } from './DropZone.js';

export function DropPath({ disabled, onPath }: { disabled: boolean; onPath(path: string): void }) {
  const [note, setNote] = useState<string | null>(null);
  return (
    <DropZone
      testId="import-drop-path"
      onFile={(file) => {
        const path = file && !disabled ? window.ctrlg?.pathForFile?.(file) : undefined;
        if (path) {
          setNote(null);
          onPath(path);
        } else setNote('That drop carried no file path: use Browse… instead.');
      }}
    >
      <span className="muted small">…or drop a file here</span>
      {note && <span className="small warning">{note}</span>}
    </DropZone>
  );
}
