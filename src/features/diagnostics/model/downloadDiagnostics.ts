import { useContext } from 'react';
import { ReactReduxContext } from 'react-redux';
import type { Store } from '@reduxjs/toolkit';
import { actionLogOf } from './actionLog';
import { buildDiagnosticsFile, diagnosticsFileName, diagnosticsFileText } from './diagnosticsFile';
import { saveTextFile } from './saveFile';

export const DOWNLOAD_DIAGNOSTICS_LABEL = 'Download diagnostics';

/** Saves the store's redacted state and its latest actions as a DevTools-importable file. */
export function downloadDiagnostics(store: Pick<Store, 'getState'>, now = new Date()): void {
  const entries = actionLogOf(store)?.entries() ?? [];
  const file = buildDiagnosticsFile(entries, store.getState());
  saveTextFile(diagnosticsFileName(now), diagnosticsFileText(file));
}

/**
 * The download for the store in context, or null without one (the error fallback can stand outside
 * the Provider). Read from the context directly, as the error boundary does, rather than `useStore`,
 * which throws there.
 */
export function useDownloadDiagnostics(): (() => void) | null {
  const store = useContext(ReactReduxContext)?.store;
  if (!store) return null;
  return () => downloadDiagnostics(store);
}
