import { createContext } from 'react';

/** How the system share sheet closed. */
export type ShareSheetOutcome = 'shared' | 'dismissed' | 'failed';

/**
 * The browser's ways of passing a link on, behind small functions so the screens' tests replace them
 * (`ShareSheetContext`): the system share sheet (`navigator.share`) and the clipboard.
 */
export interface ShareSheet {
  /**
   * The system share sheet is offered: `navigator.share` exists and the pointer is coarse (a phone or tablet). A
   * desktop browser that has `navigator.share` gets the field and Copy instead (its sheet is an awkward detour there).
   */
  available(): boolean;
  open(data: { title: string; url: string }): Promise<ShareSheetOutcome>;
  /** Puts `text` on the clipboard; false when the browser refused. `from`: the button that asked (see copyBySelection). */
  copy(text: string, from?: HTMLElement | null): Promise<boolean>;
}

const COARSE_POINTER = '(pointer: coarse)';

function isCoarsePointer(): boolean {
  try {
    return window.matchMedia?.(COARSE_POINTER).matches ?? false;
  } catch {
    return false;
  }
}

/**
 * The old way, for pages the Clipboard API refuses (plain http on a local network): a hidden field selected and copied.
 * The field goes inside the dialog of the button that asked (else the page): a modal dialog's focus trap pulls focus
 * back from a field outside it, and the copy then copies nothing. The focus goes back to that button afterwards.
 */
function copyBySelection(text: string, from: HTMLElement | null): boolean {
  const back = from ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  (from?.closest('[role="dialog"]') ?? document.body).append(field);
  try {
    field.focus();
    field.select();
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    field.remove();
    if (back?.isConnected) back.focus();
  }
}

export const browserShareSheet: ShareSheet = {
  available: () => typeof navigator.share === 'function' && isCoarsePointer(),
  async open({ title, url }) {
    try {
      await navigator.share({ title, url });
      return 'shared';
    } catch (error) {
      // AbortError: the person closed the sheet. Anything else (NotAllowedError once the tap's activation has run
      // out, a refused URL): the field and its buttons are still there.
      return error instanceof DOMException && error.name === 'AbortError' ? 'dismissed' : 'failed';
    }
  },
  async copy(text, from = null) {
    if (typeof navigator.clipboard?.writeText === 'function') {
      try {
        await navigator.clipboard.writeText(text);
        return true;
      } catch {
        // Refused (no permission, not focused): try the old way.
      }
    }
    return copyBySelection(text, from);
  },
};

/** The share sheet the share screens use; the browser's unless a test provides another. */
export const ShareSheetContext = createContext<ShareSheet>(browserShareSheet);
