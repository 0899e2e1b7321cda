import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type FormEvent } from 'react';
import { ClipRow } from './ClipRow';
import {
  editProblem,
  editReducer,
  initialEdit,
  MAX_TITLE_LENGTH,
  renderBody,
  totalDuration,
  type EditAction,
  type RenderBody,
} from './edit';
import type { EditorSession } from './editorApi';
import type { Sending } from './useEditorSession';
import { s } from './styles';
import { formatSeconds } from './time';

interface Props {
  session: EditorSession;
  sending: Sending;
  actionError: string | null;
  onRender: (body: RenderBody) => void;
  onCancel: () => void;
}

/** The edit itself: title, the clips in order with their trims, the total, Render and Cancel. */
export function EditorForm({ session, sending, actionError, onRender, onCancel }: Props) {
  const [edit, dispatch] = useReducer(editReducer, session, (x) => initialEdit(x.event.name, x.clips));
  const [announcement, setAnnouncement] = useState('');
  const pendingFocus = useRef<{ id: string; fallback: string } | null>(null);
  const clipsHeading = useRef<HTMLHeadingElement>(null);
  const clipsById = useMemo(() => new Map(session.clips.map((c) => [c.id, c])), [session.clips]);
  const busy = sending !== null;
  const problem = editProblem(edit);
  const total = totalDuration(edit.clips);

  // A moved clip's button keeps the focus (React moves the element, which drops it); at the end of the list the
  // other direction's button takes it.
  useEffect(() => {
    const wanted = pendingFocus.current;
    if (!wanted) return;
    pendingFocus.current = null;
    const target = document.getElementById(wanted.id) as HTMLButtonElement | null;
    const fallback = document.getElementById(wanted.fallback) as HTMLButtonElement | null;
    (target && !target.disabled ? target : fallback)?.focus();
  }, [edit.clips]);

  const onMoved = useCallback(
    (clipId: string, by: -1 | 1) => {
      const from = edit.clips.findIndex((c) => c.clipId === clipId);
      const to = from + by;
      if (from < 0 || to < 0 || to >= edit.clips.length) return;
      dispatch({ type: 'moved', clipId, by });
      setAnnouncement(`Clip moved to position ${to + 1} of ${edit.clips.length}.`);
      const [same, other] = by < 0 ? ['up', 'down'] : ['down', 'up'];
      pendingFocus.current = { id: `move-${same}-${clipId}`, fallback: `move-${other}-${clipId}` };
    },
    [edit.clips],
  );

  const onClipAction = useCallback((action: EditAction) => {
    dispatch(action);
    if (action.type === 'removed') {
      setAnnouncement('Clip removed.');
      clipsHeading.current?.focus();
    }
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || problem) return;
    onRender(renderBody(edit));
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Edit highlight">
      <label htmlFor="highlight-title" style={s.label}>
        Highlight title
      </label>
      <input
        id="highlight-title"
        style={s.textInput}
        value={edit.title}
        maxLength={MAX_TITLE_LENGTH}
        disabled={busy}
        aria-describedby="highlight-title-count"
        onChange={(e) => dispatch({ type: 'titleChanged', title: e.target.value })}
      />
      <p id="highlight-title-count" style={s.hint}>
        {edit.title.length}/{MAX_TITLE_LENGTH} characters
      </p>

      <h2 ref={clipsHeading} tabIndex={-1} style={{ ...s.h2, marginTop: 16 }}>
        Clips ({edit.clips.length}) in highlight order
      </h2>
      <ol style={s.list} aria-label="Clips in highlight order">
        {edit.clips.map((c, i) => {
          const clip = clipsById.get(c.clipId);
          return clip ? (
            <ClipRow
              key={c.clipId}
              clip={clip}
              edit={c}
              position={i + 1}
              count={edit.clips.length}
              disabled={busy}
              dispatch={onClipAction}
              onMoved={onMoved}
            />
          ) : null;
        })}
      </ol>
      <p style={s.srOnly} role="status" aria-live="polite">
        {announcement}
      </p>

      <div style={s.footer}>
        <p style={{ margin: 0, fontWeight: 600 }} data-testid="total-duration">
          Total length: {formatSeconds(total)}
        </p>
        <div style={s.actions}>
          <button type="button" style={s.button} disabled={busy} onClick={onCancel}>
            {sending === 'cancel' ? 'Cancelling...' : 'Cancel'}
          </button>
          <button type="submit" style={{ ...s.primary, opacity: busy || problem ? 0.75 : 1 }} disabled={busy || problem !== null}>
            {sending === 'render' ? 'Rendering...' : 'Render'}
          </button>
        </div>
      </div>
      {problem && !busy ? <p style={s.hint}>{problem}</p> : null}
      {sending === 'render' ? (
        <p role="status" style={s.small}>
          Creating your highlight and queueing it for rendering...
        </p>
      ) : null}
      {actionError ? (
        <p role="alert" style={s.error}>
          {actionError}
        </p>
      ) : null}
    </form>
  );
}
