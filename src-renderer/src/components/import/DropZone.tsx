// The import dialog's drop target: highlights while a file is dragged over it and hands the dropped file on. Shared
// by the Electron path drop (DropPath) and the browser host's upload (FileUpload).
import { useState, type ReactNode } from 'react';

export function DropZone({ testId, onFile, children }: { testId: string; onFile(file: File | undefined): void; children: ReactNode }) {
  const [over, setOver] = useState(false);
  return (
    <div
      className={`drop-zone${over ? ' over' : ''}`}
      data-testid={testId}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        onFile(e.dataTransfer.files[0]);
      }}
    >
      {children}
    </div>
  );
}
