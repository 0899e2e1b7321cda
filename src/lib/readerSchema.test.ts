import * as v from 'valibot';
import { readerSchema } from './readerSchema';

const readEven = (value: unknown): number | null => (typeof value === 'number' && value % 2 === 0 ? value / 2 : null);

describe('readerSchema', () => {
  it("gives the reader's normalised value inside a larger schema", () => {
    const schema = v.object({ half: readerSchema(readEven, 'Not even') });
    expect(v.parse(schema, { half: 8 })).toEqual({ half: 4 });
  });

  it("fails with the message, at the value's path, where the reader finds none", () => {
    const schema = v.object({ half: readerSchema(readEven, 'Not even') });
    const result = v.safeParse(schema, { half: 3 });
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.message).toBe('Not even');
    expect(v.getDotPath(result.issues![0]!)).toBe('half');
  });
});
