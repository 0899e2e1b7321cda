import { ALLOWED_EXTENSIONS, ALLOWED_MIME_TYPES, MAX_FILE_BYTES } from './uploadConstants';
import type { PickedFile } from './uploadTypes';

export const FILE_TOO_LARGE = 'File too large (max 100MB)';
export const UNSUPPORTED_TYPE = 'Unsupported file type';

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

/** A file passes if its MIME type or its extension is allowed, and it is at most 100 MB (docs/product/part-1.md §5). */
export function fileProblems(file: Pick<PickedFile, 'name' | 'size' | 'type'>): string[] {
  const problems: string[] = [];
  if (file.size > MAX_FILE_BYTES) problems.push(FILE_TOO_LARGE);
  const typeOk = (ALLOWED_MIME_TYPES as readonly string[]).includes(file.type.toLowerCase());
  const extOk = (ALLOWED_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
  if (!typeOk && !extOk) problems.push(UNSUPPORTED_TYPE);
  return problems;
}

/** The whole selection is rejected if any file is invalid; the messages are joined per file name. */
export function validateSelection(
  files: Array<Pick<PickedFile, 'name' | 'size' | 'type'>>,
): { ok: true } | { ok: false; message: string } {
  const lines = files.flatMap((f) => {
    const problems = fileProblems(f);
    return problems.length ? [`${f.name}: ${problems.join(', ')}`] : [];
  });
  return lines.length ? { ok: false, message: lines.join('\n') } : { ok: true };
}
