import { FILE_TOO_LARGE, UNSUPPORTED_TYPE, fileProblems, validateSelection } from './uploadValidation';

const MB = 1024 * 1024;

describe('upload validation (docs/product/part-1.md §5)', () => {
  it.each([
    ['clip.mp4', 'video/mp4'],
    ['clip.MOV', ''],
    ['clip.bin', 'video/quicktime'],
    ['clip.mts', 'application/octet-stream'],
    ['clip.mxf', 'application/mxf'],
    ['clip.m4v', 'video/x-m4v'],
  ])('accepts %s (%s): MIME type or extension allowed', (name, type) => {
    expect(fileProblems({ name, type, size: 5 * MB })).toEqual([]);
  });

  it('refuses a file whose type and extension are both unknown', () => {
    expect(fileProblems({ name: 'notes.txt', type: 'text/plain', size: 10 })).toEqual([UNSUPPORTED_TYPE]);
  });

  it('allows exactly 100 MB and refuses a byte more', () => {
    expect(fileProblems({ name: 'a.mp4', type: 'video/mp4', size: 100 * MB })).toEqual([]);
    expect(fileProblems({ name: 'a.mp4', type: 'video/mp4', size: 100 * MB + 1 })).toEqual([FILE_TOO_LARGE]);
  });

  it('rejects the whole selection and joins the messages per file name', () => {
    const result = validateSelection([
      { name: 'ok.mp4', type: 'video/mp4', size: MB },
      { name: 'big.mov', type: 'video/quicktime', size: 200 * MB },
      { name: 'notes.txt', type: 'text/plain', size: 1 },
    ]);
    expect(result).toEqual({ ok: false, message: 'big.mov: File too large (max 100MB)\nnotes.txt: Unsupported file type' });
  });

  it('says both problems of one file', () => {
    expect(fileProblems({ name: 'x.avi', type: 'video/avi', size: 101 * MB })).toEqual([FILE_TOO_LARGE, UNSUPPORTED_TYPE]);
  });

  it('accepts a valid selection', () =>
    expect(validateSelection([{ name: 'a.mp4', type: 'video/mp4', size: 1 }])).toEqual({ ok: true }));
});
