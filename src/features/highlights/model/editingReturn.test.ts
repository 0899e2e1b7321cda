import {
  EDITING_CANCELLED,
  editingReturnMessage,
  parseEditingReturn,
  RENDERING_STARTED,
  searchWithoutEditingParams,
} from './editingReturn';

const SESSION = '4b0d3c1e-2f9a-4c55-9d3e-0a6c1f2b7e11';

describe('parseEditingReturn (docs/product/part-2.md §4 "Editing flow")', () => {
  it('a plain visit is no return', () => {
    expect(parseEditingReturn('')).toEqual({ kind: 'none' });
    expect(parseEditingReturn('?page=2')).toEqual({ kind: 'none' });
  });

  it('Render: editing_session with editing_completed=true', () => {
    expect(parseEditingReturn(`?editing_session=${SESSION}&editing_completed=true`)).toEqual({
      kind: 'completed',
      sessionId: SESSION,
    });
  });

  it('Cancel: the session without the completion flag (or with another value)', () => {
    expect(parseEditingReturn(`?editing_session=${SESSION}`)).toEqual({ kind: 'cancelled', sessionId: SESSION });
    expect(parseEditingReturn(`?editing_session=${SESSION}&editing_completed=false`)).toEqual({
      kind: 'cancelled',
      sessionId: SESSION,
    });
  });

  it('the flag without a session id is still a completed edit', () => {
    expect(parseEditingReturn('?editing_completed=true')).toEqual({ kind: 'completed', sessionId: null });
    expect(parseEditingReturn('?editing_session=&editing_completed=true')).toEqual({ kind: 'completed', sessionId: null });
  });

  it('messages: the rendering confirmation, or the cancellation note', () => {
    expect(editingReturnMessage({ kind: 'completed', sessionId: SESSION })).toBe(RENDERING_STARTED);
    expect(editingReturnMessage({ kind: 'cancelled', sessionId: SESSION })).toBe(EDITING_CANCELLED);
    expect(editingReturnMessage({ kind: 'none' })).toBeNull();
  });
});

describe('searchWithoutEditingParams', () => {
  it('drops only the editor’s parameters', () => {
    expect(searchWithoutEditingParams(`?editing_session=${SESSION}&editing_completed=true`)).toBe('');
    expect(searchWithoutEditingParams(`?a=1&editing_session=${SESSION}&b=two`)).toBe('?a=1&b=two');
    expect(searchWithoutEditingParams('')).toBe('');
  });
});
