/** The editor's one stateful hook: the start (once per page, also under StrictMode), Render and Cancel. */
import { useCallback, useEffect, useState } from 'react';
import { CANCEL_FAILED_MESSAGE, EditorApiError, RENDER_FAILED_MESSAGE } from './editorApi';
import type { RenderBody } from './edit';
import { cancelAndReturn, renderAndReturn, startEditor, type EditorDeps, type StartResult } from './editorSession';

const starts = new WeakMap<EditorDeps, Promise<StartResult>>();

/** One start per deps object: the launch token can be traded only once. */
function startOnce(deps: EditorDeps): Promise<StartResult> {
  let start = starts.get(deps);
  if (!start) {
    start = startEditor(deps);
    starts.set(deps, start);
  }
  return start;
}

export type Sending = 'render' | 'cancel' | null;

export function useEditorSession(deps: EditorDeps) {
  const [result, setResult] = useState<StartResult | null>(null);
  const [sending, setSending] = useState<Sending>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void startOnce(deps).then((r) => {
      if (live) setResult(r);
    });
    return () => {
      live = false;
    };
  }, [deps]);

  const started = result?.ok ? result : null;

  const render = useCallback(
    async (body: RenderBody) => {
      if (!started || sending) return;
      setSending('render');
      setActionError(null);
      try {
        await renderAndReturn(deps, started, body);
      } catch (err) {
        setActionError(err instanceof EditorApiError ? err.message : RENDER_FAILED_MESSAGE);
        setSending(null);
      }
    },
    [deps, started, sending],
  );

  const cancel = useCallback(async () => {
    if (!started || sending) return;
    setSending('cancel');
    setActionError(null);
    try {
      await cancelAndReturn(deps, started);
    } catch {
      setActionError(CANCEL_FAILED_MESSAGE);
      setSending(null);
    }
  }, [deps, started, sending]);

  return { result, sending, actionError, render, cancel };
}
