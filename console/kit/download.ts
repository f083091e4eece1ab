/** Saves a Blob the API answered (an export) as a file with a Chinese name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
