/** Saves `blob` as a download named `name` (the course export, a learner's progress backup). */
export function saveFile(name: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // After the click has handed the file to the browser's download.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
