import { readFileSync } from 'node:fs';
import path from 'node:path';
import { refuseWorkers, standInForWorkers } from '../test/workerStandIn';
import { INTL_WARM_UP_SCRIPT, INTL_WARMING_ATTRIBUTE, warmUpIntl } from './warmUpIntl';

describe('warmUpIntl', () => {
  const html = document.documentElement;
  const blankRoot = () => document.createElement('div');
  const workers = standInForWorkers();

  afterEach(() => {
    html.removeAttribute(INTL_WARMING_ATTRIBUTE);
    jest.restoreAllMocks();
  });

  it('starts the worker on a blank page, builds no formatter on this thread, and marks the page', () => {
    const formatter = jest.spyOn(Intl, 'DateTimeFormat');
    expect(warmUpIntl(blankRoot())).toBe('worker');
    expect(workers).toEqual([INTL_WARM_UP_SCRIPT]);
    expect(formatter).not.toHaveBeenCalled();
    expect(html.hasAttribute(INTL_WARMING_ATTRIBUTE)).toBe(true);
  });

  it('starts no second worker where the page’s first script started one', () => {
    html.setAttribute(INTL_WARMING_ATTRIBUTE, '');
    expect(warmUpIntl(blankRoot())).toBe('already');
    expect(workers).toEqual([]);
  });

  it('leaves a page that arrived painted alone (the prerendered /login shows no time)', () => {
    const formatter = jest.spyOn(Intl, 'DateTimeFormat');
    const root = blankRoot();
    root.append(document.createElement('main'));
    expect(warmUpIntl(root)).toBe('skipped');
    expect(warmUpIntl(null)).toBe('skipped');
    expect(workers).toEqual([]);
    expect(formatter).not.toHaveBeenCalled();
  });

  it('where no worker can start, throws nothing and leaves the data to the page’s first formatter', () => {
    const refused = refuseWorkers();
    const formatter = jest.spyOn(Intl, 'DateTimeFormat');
    expect(warmUpIntl(blankRoot())).toBe('failed');
    expect(refused).toHaveBeenCalledTimes(1);
    expect(formatter).not.toHaveBeenCalled();
    expect(html.hasAttribute(INTL_WARMING_ATTRIBUTE)).toBe(false);
  });
});

describe('the warm-up worker’s script (public/intl-warm-up.js)', () => {
  const source = readFileSync(path.join(__dirname, '../../public', INTL_WARM_UP_SCRIPT), 'utf8');
  /** Runs the script as a worker would, with `self` standing in for its global scope. */
  const runWorker = () => {
    const self = { close: jest.fn() };
    new Function('self', source)(self);
    return self;
  };

  afterEach(() => jest.restoreAllMocks());

  it('builds the formatters the first screens build, then ends', () => {
    const dateFormat = jest.spyOn(Intl, 'DateTimeFormat');
    const numberFormat = jest.spyOn(Intl, 'NumberFormat');
    const self = runWorker();
    expect(dateFormat.mock.calls).toEqual([
      [],
      [undefined, expect.objectContaining({ timeZone: 'America/Chicago', timeZoneName: 'short' })],
      [undefined, expect.objectContaining({ timeZone: 'Europe/London', second: '2-digit' })],
    ]);
    expect(numberFormat).toHaveBeenCalledTimes(1);
    expect(self.close).toHaveBeenCalledTimes(1);
  });

  it('ends quietly where Intl fails: the page’s first formatter then loads the data itself', () => {
    jest.spyOn(Intl, 'DateTimeFormat').mockImplementation(() => {
      throw new RangeError('no ICU');
    });
    let self: { close: jest.Mock } | undefined;
    expect(() => (self = runWorker())).not.toThrow();
    expect(self?.close).toHaveBeenCalledTimes(1);
  });
});
