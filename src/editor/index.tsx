/**
 * The editor bundle (dist/editor.html, served at /editor/{sessionId} by server/routes/editorPage.ts). webpack
 * runs ./launchNow first, so the token is already out of the address bar when this module runs.
 */
import { createRoot } from 'react-dom/client';
import { createEditorApi } from './editorApi';
import { EditorApp } from './EditorApp';
import type { EditorDeps } from './editorSession';
import { launch } from './launchNow';

const deps: EditorDeps = {
  api: createEditorApi(),
  launch,
  storage: window.sessionStorage,
  now: () => Date.now(),
  navigate: (url) => window.location.assign(url),
  origin: window.location.origin,
};

// Through the CSSOM: the strict Content-Security-Policy refuses style attributes written in the HTML.
document.body.style.margin = '0';

const container = document.getElementById('root');
if (container) createRoot(container).render(<EditorApp deps={deps} />);
