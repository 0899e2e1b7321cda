/** Saves `text` as a download named `name`, through a Blob and a short-lived object URL. */
export function saveTextFile(name: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a task later: revoking during the click can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
