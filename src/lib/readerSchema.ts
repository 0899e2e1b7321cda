import * as v from 'valibot';

/**
 * A valibot schema made of a plain reader: a function that returns the value normalised, or null when it is not
 * one. A shape that is also checked where valibot is not loaded (the stored session, read before the first render:
 * features/session/authRecord.ts) is written once, as the reader, and joins larger schemas through this.
 */
export function readerSchema<T>(read: (value: unknown) => T | null, message: string) {
  return v.pipe(
    v.unknown(),
    v.rawTransform<unknown, T>(({ dataset, addIssue, NEVER }) => {
      const output = read(dataset.value);
      if (output === null) {
        addIssue({ message });
        return NEVER;
      }
      return output;
    }),
  );
}
