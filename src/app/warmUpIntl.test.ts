import { warmUpIntlWhileBlank } from './warmUpIntl';

describe('warmUpIntlWhileBlank', () => {
  afterEach(() => jest.restoreAllMocks());

  it('builds a formatter while the page is blank', () => {
    const resolvedOptions = jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions');
    const root = document.createElement('div');
    expect(warmUpIntlWhileBlank(root)).toBe(true);
    expect(resolvedOptions).toHaveBeenCalledTimes(1);
  });

  it('leaves a page that arrived painted alone: the work would block a page one can already tap', () => {
    const resolvedOptions = jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions');
    const root = document.createElement('div');
    root.append(document.createElement('main'));
    expect(warmUpIntlWhileBlank(root)).toBe(false);
    expect(warmUpIntlWhileBlank(null)).toBe(false);
    expect(resolvedOptions).not.toHaveBeenCalled();
  });
});
