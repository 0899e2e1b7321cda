import * as v from 'valibot';
import { toApiFailure } from './apiErrors';
import { envelope } from './envelope';
import { schemaFailure } from './schemaFailure';

const answerSchema = envelope(v.object({ user: v.object({ email: v.pipe(v.string(), v.minLength(1)) }), token: v.string() }));

function failureFor(answer: unknown) {
  const parsed = v.safeParse(answerSchema, answer);
  if (parsed.success) throw new Error('the answer was expected to fail its schema');
  return schemaFailure(parsed);
}

describe('schemaFailure', () => {
  it("is the app's one error for a malformed answer, read as an invalid response", () => {
    const error = failureFor({ success: true, data: { user: { email: 'a@b.c' } } });
    expect(error).toEqual({ status: 'CUSTOM_ERROR', error: 'Unexpected response format', data: ['data.token'] });
    expect(toApiFailure(error)).toEqual({ status: 'invalid_response', serverMessage: null, code: null, details: null });
  });

  it('says where the answer went wrong, never what it held', () => {
    const secret = 'eyJ-secret-token';
    const error = failureFor({ success: 'yes', data: { user: { email: 42 }, token: secret } });
    expect(error.data).toEqual(['success', 'data.user.email']);
    expect(JSON.stringify(error)).not.toMatch(/yes|42|secret/);
  });

  it('names the root when the answer is not even an object', () => {
    expect(failureFor('<html>').data).toEqual(['(root)']);
  });

  it('reads the Standard Schema issues RTK Query passes on (keys or path segments)', () => {
    const error = schemaFailure({ issues: [{ path: ['data', { key: 'items' }, 0] }, { path: undefined }] });
    expect(error.data).toEqual(['data.items.0', '(root)']);
  });
});
