import { PRODUCT_NAME } from '../app/product';
import { EditorForm } from './EditorForm';
import type { EditorDeps } from './editorSession';
import { s } from './styles';
import { formatEventDate } from './time';
import { useEditorSession } from './useEditorSession';

/** The highlight editor's page: loading, the §8 error, or the edit. */
export function EditorApp({ deps }: { deps: EditorDeps }) {
  const { result, sending, actionError, render, cancel } = useEditorSession(deps);
  const session = result?.ok ? result.session : null;
  const event = session?.event;
  const place = [event?.location?.name, event?.location?.city, event?.location?.state].filter(Boolean).join(', ');

  return (
    <div style={s.page}>
      <header>
        <p style={s.brand}>{PRODUCT_NAME} highlight editor</p>
        <h1 style={s.h1}>{event ? event.name : 'Highlight editor'}</h1>
        {event ? (
          <p style={s.meta}>
            {[event.sport, place, formatEventDate(event.startTime, event.timezone ?? 'UTC')].filter(Boolean).join(' · ')}
          </p>
        ) : null}
      </header>
      <main>
        {result === null ? (
          <p role="status">Loading editing session...</p>
        ) : result.ok ? (
          <EditorForm
            session={result.session}
            sending={sending}
            actionError={actionError}
            onRender={(body) => void render(body)}
            onCancel={() => void cancel()}
          />
        ) : (
          <div>
            <p role="alert" style={s.error}>
              {result.message}
            </p>
            <p>
              <a href="/highlights/view">Back to {PRODUCT_NAME}</a>
            </p>
          </div>
        )}
      </main>
    </div>
  );
}
