/**
 * Test helper: jsdom has no object URLs and cannot follow a download link. Captures what
 * `saveTextFile` saves (the link's file name and the Blob behind its URL) instead.
 */
export function captureDownloads() {
  const saved: Array<{ name: string; blob: Blob }> = [];
  const blobs = new Map<string, Blob>();
  let serial = 0;
  Object.assign(URL, {
    createObjectURL: jest.fn((blob: Blob) => {
      serial += 1;
      const url = `blob:test/${serial}`;
      blobs.set(url, blob);
      return url;
    }),
    revokeObjectURL: jest.fn((url: string) => blobs.delete(url)),
  });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ name: this.download, blob });
  });
  return saved;
}
