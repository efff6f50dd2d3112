// Saves what the renderer made (text, a PNG) as a file through an anchor download (the Electron shell and the browser
// host alike): the file never passes through the engine, which already produced the text.
export function downloadUrl(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  downloadUrl(url, fileName);
  // After the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
