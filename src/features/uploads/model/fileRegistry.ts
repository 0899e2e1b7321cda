import type { PickedFile } from './uploadTypes';
import { randomId } from '../../../lib/randomId';

/**
 * The picked File objects, outside Redux (the store stays serializable): the store holds their ids.
 * One registry per page; the upload saga reads files from it by id.
 */
const files = new Map<string, File>();

export function describeFile(id: string, file: File): PickedFile {
  return { id, name: file.name, size: file.size, type: file.type, lastModified: file.lastModified };
}

/** Keeps each file under a new id and returns what the store may know of them. */
export function registerFiles(list: FileList | File[]): PickedFile[] {
  return Array.from(list).map((file) => {
    const id = randomId();
    files.set(id, file);
    return describeFile(id, file);
  });
}

/** Puts a file back under a known id (a resumed session's kept or re-picked file). */
export function restoreFile(id: string, file: File): void {
  files.set(id, file);
}

export function getFile(id: string): File | undefined {
  return files.get(id);
}

export function forgetFiles(ids: Iterable<string>): void {
  for (const id of ids) files.delete(id);
}

export function registeredIds(): string[] {
  return [...files.keys()];
}
