import { browserShareSheet } from './shareSheet';

/** Puts `value` on navigator (jsdom has neither share nor clipboard); returns the function that removes it. */
function onNavigator(key: 'share' | 'clipboard', value: unknown): () => void {
  Object.defineProperty(navigator, key, { configurable: true, writable: true, value });
  return () => {
    delete (navigator as unknown as Record<string, unknown>)[key];
  };
}

function pointer(coarse: boolean): () => void {
  const matchMedia = jest.fn((query: string) => ({ matches: coarse && query === '(pointer: coarse)', media: query }));
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: matchMedia });
  return () => {
    delete (window as { matchMedia?: unknown }).matchMedia;
  };
}

/** jsdom has no execCommand: the old copy path answers `result`. */
function execCommand(result: boolean | Error) {
  const calls: string[] = [];
  Object.defineProperty(document, 'execCommand', {
    configurable: true,
    writable: true,
    value: (command: string) => {
      calls.push(command);
      if (result instanceof Error) throw result;
      return result;
    },
  });
  return calls;
}

const undo: Array<() => void> = [];
afterEach(() => {
  undo.splice(0).forEach((f) => f());
  delete (document as unknown as Record<string, unknown>).execCommand;
});

describe('browserShareSheet', () => {
  it('offers the system sheet only where navigator.share exists and the pointer is coarse', () => {
    undo.push(pointer(true));
    expect(browserShareSheet.available()).toBe(false);
    undo.push(onNavigator('share', jest.fn()));
    expect(browserShareSheet.available()).toBe(true);
    undo.splice(0, 1)[0]!();
    undo.push(pointer(false));
    expect(browserShareSheet.available()).toBe(false);
  });

  it('opens the sheet with the title and link; closing it is “dismissed”, a refusal “failed”', async () => {
    const share = jest.fn<Promise<void>, [ShareData]>(() => Promise.resolve());
    undo.push(onNavigator('share', share));
    await expect(browserShareSheet.open({ title: 'Summer Final', url: 'http://localhost/s/abc' })).resolves.toBe('shared');
    expect(share).toHaveBeenCalledWith({ title: 'Summer Final', url: 'http://localhost/s/abc' });
    share.mockRejectedValueOnce(new DOMException('closed', 'AbortError'));
    await expect(browserShareSheet.open({ title: 't', url: 'http://x/s/1' })).resolves.toBe('dismissed');
    share.mockRejectedValueOnce(new DOMException('no activation', 'NotAllowedError'));
    await expect(browserShareSheet.open({ title: 't', url: 'http://x/s/1' })).resolves.toBe('failed');
  });

  it('copies through the Clipboard API', async () => {
    const writeText = jest.fn(() => Promise.resolve());
    undo.push(onNavigator('clipboard', { writeText }));
    const old = execCommand(true);
    await expect(browserShareSheet.copy('http://localhost/s/abc')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('http://localhost/s/abc');
    expect(old).toEqual([]);
  });

  it('falls back to a selected field when the Clipboard API refuses or is missing (plain http), and leaves no field behind', async () => {
    undo.push(onNavigator('clipboard', { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) }));
    const calls = execCommand(true);
    await expect(browserShareSheet.copy('http://x/s/1')).resolves.toBe(true);
    expect(calls).toEqual(['copy']);
    undo.splice(0).forEach((f) => f());
    await expect(browserShareSheet.copy('http://x/s/1')).resolves.toBe(true);
    expect(calls).toEqual(['copy', 'copy']);
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('copies by selection inside the dialog of the button that asked (its focus trap keeps focus there), then gives the focus back', async () => {
    // A modal dialog as MUI's focus trap holds it: focus that lands outside goes back to the dialog's button.
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    const button = document.createElement('button');
    dialog.append(button);
    document.body.append(dialog);
    const trap = (event: FocusEvent) => {
      if (!dialog.contains(event.target as Node)) button.focus();
    };
    document.addEventListener('focusin', trap);
    undo.push(() => {
      document.removeEventListener('focusin', trap);
      dialog.remove();
    });
    button.focus();
    let copied: { value: string; inDialog: boolean } | null = null;
    Object.defineProperty(document, 'execCommand', {
      configurable: true,
      writable: true,
      // What a browser copies: the selection in the focused field.
      value: () => {
        const active = document.activeElement;
        if (!(active instanceof HTMLTextAreaElement)) return false;
        copied = { value: active.value.slice(active.selectionStart, active.selectionEnd), inDialog: dialog.contains(active) };
        return true;
      },
    });
    await expect(browserShareSheet.copy('http://x/s/1', button)).resolves.toBe(true);
    expect(copied).toEqual({ value: 'http://x/s/1', inDialog: true });
    expect(button).toHaveFocus();
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('says so when nothing could copy', async () => {
    execCommand(false);
    await expect(browserShareSheet.copy('http://x/s/1')).resolves.toBe(false);
    execCommand(new Error('not supported'));
    await expect(browserShareSheet.copy('http://x/s/1')).resolves.toBe(false);
    expect(document.querySelector('textarea')).toBeNull();
  });
});
