/**
 * The download name of a highlight (docs/product/part-2.md §7 notes): the title in lowercase with every character
 * other than a–z and 0–9 replaced by an underscore, plus `.mp4`; an empty title gives `highlight.mp4`.
 */
export function highlightFilename(title: string): string {
  const base = title.toLowerCase().replace(/[^a-z0-9]/g, '_');
  return base === '' ? 'highlight.mp4' : `${base}.mp4`;
}

/** RFC 5987 / 8187 value: UTF-8, percent-encoded, with the characters encodeURIComponent leaves but the RFC does not. */
function encodeExtValue(name: string): string {
  return encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `attachment; filename="<ascii>"; filename*=UTF-8''<encoded>` (RFC 6266): the quoted name keeps printable ASCII
 * only (anything else, and `"` or `\`, becomes `_`), so the header is always valid; browsers prefer `filename*`.
 */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/gu, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(filename)}`;
}
