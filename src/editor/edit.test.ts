import { defaultTitle, editProblem, editReducer, initialEdit, move, renderBody, totalDuration, type Edit } from './edit';

const clips = [
  { id: 'a', duration: 30, moment: { offsetSeconds: 12 } },
  { id: 'b', duration: 10, moment: null },
  { id: 'c', duration: 20, moment: { offsetSeconds: 45 } },
];

const start = (): Edit => initialEdit('Spring Cup', clips);

describe('initialEdit', () => {
  it('keeps the session order, with default trims and the default title', () => {
    const edit = start();
    expect(edit.title).toBe('Spring Cup highlights');
    expect(edit.clips.map((c) => [c.clipId, c.inSeconds, c.outSeconds])).toEqual([
      ['a', 4, 16],
      ['b', 0, 10],
      ['c', 0, 20],
    ]);
  });

  it('cuts a long default title to 100 characters', () => {
    expect(defaultTitle('x'.repeat(120))).toHaveLength(100);
  });

  it('waits for the preview when the length is unknown, then applies the default', () => {
    let edit = initialEdit('E', [{ id: 'u', duration: null, moment: { offsetSeconds: 20 } }]);
    expect(editProblem(edit)).toBe('Waiting for the clip lengths to load.');
    edit = editReducer(edit, { type: 'durationRead', clipId: 'u', seconds: 25 });
    expect(edit.clips[0]).toMatchObject({ duration: 25, inSeconds: 12, outSeconds: 24 });
    // A second read (another metadata event) changes nothing the user set.
    edit = editReducer(edit, { type: 'inChanged', clipId: 'u', seconds: 1 });
    edit = editReducer(edit, { type: 'durationRead', clipId: 'u', seconds: 26 });
    expect(edit.clips[0]).toMatchObject({ duration: 25, inSeconds: 1 });
  });
});

describe('preset trims (chosen by Make my highlight before the editor opened)', () => {
  it('start a clip at its preset instead of the default, and render it unchanged', () => {
    const edit = initialEdit('E', [
      { id: 'a', duration: 30, moment: { offsetSeconds: 12 }, trim: { inSeconds: 2.5, outSeconds: 20 } },
      { id: 'b', duration: 10, moment: null, trim: null },
      { id: 'c', duration: 20, moment: null },
    ]);
    expect(edit.clips.map((c) => [c.clipId, c.inSeconds, c.outSeconds])).toEqual([
      ['a', 2.5, 20],
      ['b', 0, 10],
      ['c', 0, 20],
    ]);
    expect(editProblem(edit)).toBeNull();
    expect(renderBody(edit).clips[0]).toEqual({ clipId: 'a', inSeconds: 2.5, outSeconds: 20 });
  });

  it('are kept inside the clip and at least 0.5 s long (clampTrim), rounded to hundredths', () => {
    const edit = initialEdit('E', [
      { id: 'past', duration: 10, moment: null, trim: { inSeconds: 4, outSeconds: 10.04 } },
      { id: 'beyond', duration: 10, moment: null, trim: { inSeconds: 12, outSeconds: 15 } },
      { id: 'thin', duration: 10, moment: null, trim: { inSeconds: 3, outSeconds: 3.2 } },
      { id: 'fine', duration: 10, moment: null, trim: { inSeconds: 1.234, outSeconds: 5.678 } },
    ]);
    expect(edit.clips.map((c) => [c.clipId, c.inSeconds, c.outSeconds])).toEqual([
      ['past', 4, 10],
      ['beyond', 9.5, 10],
      ['thin', 3, 3.5],
      ['fine', 1.23, 5.68],
    ]);
  });

  it('of a clip whose length is unknown: shown as sent, then fitted to the length the preview reads', () => {
    let edit = initialEdit('E', [
      { id: 'u', duration: null, moment: { offsetSeconds: 20 }, trim: { inSeconds: 10.005, outSeconds: 22 } },
      { id: 'v', duration: null, moment: null, trim: { inSeconds: 5, outSeconds: 30 } },
    ]);
    expect(edit.clips.map((c) => [c.inSeconds, c.outSeconds])).toEqual([
      [10.01, 22],
      [5, 30],
    ]);
    expect(editProblem(edit)).toBe('Waiting for the clip lengths to load.');
    // Longer than the preset: the preset, not the default around the moment (12 … 24).
    edit = editReducer(edit, { type: 'durationRead', clipId: 'u', seconds: 40 });
    expect(edit.clips[0]).toMatchObject({ duration: 40, inSeconds: 10.01, outSeconds: 22 });
    // Shorter than the preset: clamped to it.
    edit = editReducer(edit, { type: 'durationRead', clipId: 'v', seconds: 12.5 });
    expect(edit.clips[1]).toMatchObject({ duration: 12.5, inSeconds: 5, outSeconds: 12.5 });
    expect(renderBody(edit).clips).toEqual([
      { clipId: 'u', inSeconds: 10.01, outSeconds: 22 },
      { clipId: 'v', inSeconds: 5, outSeconds: 12.5 },
    ]);
    // A later read (another metadata event) leaves what the user set alone.
    edit = editReducer(edit, { type: 'outChanged', clipId: 'u', seconds: 30 });
    edit = editReducer(edit, { type: 'durationRead', clipId: 'u', seconds: 41 });
    expect(edit.clips[0]).toMatchObject({ duration: 40, inSeconds: 10.01, outSeconds: 30 });
  });

  it('of a clip whose length turns out shorter than the preset’s in point: the last 0.5 s', () => {
    let edit = initialEdit('E', [{ id: 'u', duration: null, moment: null, trim: { inSeconds: 20, outSeconds: 30 } }]);
    edit = editReducer(edit, { type: 'durationRead', clipId: 'u', seconds: 8 });
    expect(edit.clips[0]).toMatchObject({ inSeconds: 7.5, outSeconds: 8 });
    expect(editProblem(edit)).toBeNull();
  });

  it('a bad read (not a positive number) keeps waiting, the preset untouched', () => {
    let edit = initialEdit('E', [{ id: 'u', duration: null, moment: null, trim: { inSeconds: 2, outSeconds: 6 } }]);
    edit = editReducer(edit, { type: 'durationRead', clipId: 'u', seconds: Number.NaN });
    edit = editReducer(edit, { type: 'durationRead', clipId: 'u', seconds: 0 });
    expect(edit.clips[0]).toMatchObject({ duration: null, inSeconds: 2, outSeconds: 6 });
    edit = editReducer(edit, { type: 'durationRead', clipId: 'u', seconds: Number.POSITIVE_INFINITY });
    expect(edit.clips[0]).toMatchObject({ duration: null });
    edit = editReducer(edit, { type: 'durationRead', clipId: 'u', seconds: 4 });
    expect(edit.clips[0]).toMatchObject({ duration: 4, inSeconds: 2, outSeconds: 4 });
  });
});

describe('clips that can never be sent (editProblem names them, so the user can remove them)', () => {
  it('a clip under 0.5 s: the server refuses any piece of it', () => {
    const edit = initialEdit('E', [
      { id: 'a', duration: 30, moment: null },
      { id: 'b', duration: 10, moment: null },
      { id: 'short', duration: 0.4, moment: null },
    ]);
    expect(editProblem(edit)).toBe('Clip 3 is too short to use (under 0.5 s): remove it.');
    const moved = editReducer(edit, { type: 'moved', clipId: 'short', by: -1 });
    expect(editProblem(moved)).toBe('Clip 2 is too short to use (under 0.5 s): remove it.');
    expect(editProblem(editReducer(edit, { type: 'removed', clipId: 'short' }))).toBeNull();
  });

  it('a clip of exactly 0.5 s is long enough', () => {
    const edit = initialEdit('E', [{ id: 'half', duration: 0.5, moment: null }]);
    expect(editProblem(edit)).toBeNull();
    expect(renderBody(edit).clips).toEqual([{ clipId: 'half', inSeconds: 0, outSeconds: 0.5 }]);
  });

  it('a clip of unknown length whose video fails to load: named, instead of waiting for ever', () => {
    let edit = initialEdit('E', [
      { id: 'a', duration: 30, moment: null },
      { id: 'u', duration: null, moment: null },
    ]);
    expect(editProblem(edit)).toBe('Waiting for the clip lengths to load.');
    edit = editReducer(edit, { type: 'loadFailed', clipId: 'u' });
    expect(editProblem(edit)).toBe('Clip 2 could not be loaded: remove it to render.');
    expect(editProblem(editReducer(edit, { type: 'removed', clipId: 'u' }))).toBeNull();
  });

  it('a clip whose length the server knew is not held back by its preview failing', () => {
    const edit = editReducer(start(), { type: 'loadFailed', clipId: 'b' });
    expect(editProblem(edit)).toBeNull();
  });
});

describe('move', () => {
  it('moves one place up or down and leaves the ends alone', () => {
    expect(move(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(move(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
    expect(move(['a', 'b', 'c'], -1, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('editReducer', () => {
  it('reorders by clip id', () => {
    const edit = editReducer(start(), { type: 'moved', clipId: 'c', by: -1 });
    expect(edit.clips.map((c) => c.clipId)).toEqual(['a', 'c', 'b']);
  });

  it('trims within the rules', () => {
    let edit = editReducer(start(), { type: 'inChanged', clipId: 'b', seconds: 3.333 });
    edit = editReducer(edit, { type: 'outChanged', clipId: 'b', seconds: 50 });
    expect(edit.clips[1]).toMatchObject({ inSeconds: 3.33, outSeconds: 10 });
  });

  it('removes a clip but never the last one', () => {
    let edit = editReducer(start(), { type: 'removed', clipId: 'a' });
    edit = editReducer(edit, { type: 'removed', clipId: 'b' });
    expect(edit.clips.map((c) => c.clipId)).toEqual(['c']);
    expect(editReducer(edit, { type: 'removed', clipId: 'c' }).clips).toHaveLength(1);
  });

  it('caps the title at 100 characters and asks for one when blank', () => {
    const long = editReducer(start(), { type: 'titleChanged', title: 'y'.repeat(150) });
    expect(long.title).toHaveLength(100);
    expect(editProblem(editReducer(start(), { type: 'titleChanged', title: '   ' }))).toBe('Enter a title for the highlight.');
    expect(editProblem(start())).toBeNull();
  });
});

describe('totalDuration and renderBody', () => {
  it('adds up the pieces', () => {
    expect(totalDuration(start().clips)).toBe(12 + 10 + 20);
    expect(
      totalDuration([
        { inSeconds: 0.1, outSeconds: 0.3 },
        { inSeconds: 1, outSeconds: 1.7 },
      ]),
    ).toBe(0.9);
  });

  it('sends the trimmed title and the clips in the edited order', () => {
    let edit = editReducer(start(), { type: 'titleChanged', title: '  Best of  ' });
    edit = editReducer(edit, { type: 'moved', clipId: 'b', by: -1 });
    expect(renderBody(edit)).toEqual({
      title: 'Best of',
      clips: [
        { clipId: 'b', inSeconds: 0, outSeconds: 10 },
        { clipId: 'a', inSeconds: 4, outSeconds: 16 },
        { clipId: 'c', inSeconds: 0, outSeconds: 20 },
      ],
    });
  });
});
