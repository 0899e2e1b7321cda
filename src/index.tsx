/*
 * The app's start, in stages each in a task of its own (docs/performance.md). The page is already painted (the
 * login page by the build's prerender), and one long task of evaluating every module, starting the sagas and
 * rendering would hold up the first tap. Each `import()`
 * here is eager: the code is in the initial files, and only its evaluation waits for its stage. The stages are
 * ordered so that each one's modules are mostly new (Redux Toolkit before the store that uses it, React's
 * DOM runtime before the components).
 */
import { evaluateChunksInTheirOwnTask } from './app/chunkEvaluation';
import { requestChunksOneTaskApart } from './app/chunkRequests';
import { yieldToMain } from './app/yieldToMain';

/** Marks a stage's end on the performance timeline (`npm run bench:boot` shows which long task held it). */
const mark = (name: string) => performance.mark(`courtside:${name}`);

/** Loads (evaluates) one group of modules, then lets the browser paint and handle input before the next. */
async function stage<T>(name: string, load: () => Promise<T>): Promise<T> {
  const loaded = await load();
  mark(name);
  await yieldToMain();
  return loaded;
}

async function start() {
  // Every lazy chunk (the shell, each screen, the upload engine) evaluates a task after its file ran (chunkEvaluation.ts).
  evaluateChunksInTheirOwnTask(__webpack_require__, yieldToMain);
  // …and each chunk's file is asked for in a task of its own (chunkRequests.ts).
  requestChunksOneTaskApart(__webpack_require__, yieldToMain);
  // Redux Toolkit's core. RTK Query and the API are a file of their own, asked for after the first render (below).
  await stage('toolkit', () => import(/* webpackMode: "eager", webpackExports: ["configureStore"] */ '@reduxjs/toolkit'));
  // The store, without its sagas (they load after the first render, below).
  const [{ createAppStore }, { createNavigation }] = await stage('store-modules', () =>
    Promise.all([import(/* webpackMode: "eager" */ './app/createAppStore'), import(/* webpackMode: "eager" */ './app/services')]),
  );
  // The store made and the stored session read into it, so a signed-in page renders signed in.
  const navigation = createNavigation();
  const store = await stage('store', async () => {
    const made = createAppStore(loadSagaRuntime, { services: { navigate: navigation.navigate }, deferSagas: true });
    made.restoreSession();
    return made;
  });
  // Signed in: React Router in a stage of its own (the prefetch matches the address with it; together they were one
  // long task), then the route table and the first screen's data asked for at once, while the rest of the app loads
  // (prefetchFirstScreen.ts). Signed out there is nothing to prefetch, and the router loads with the prefetch's
  // module as before: split there, /login measured no better.
  // Read off the state: importing the session's selector here would add to the initial JS.
  const signedIn = store.getState().session.status === 'signedIn';
  if (signedIn) {
    // A signed-in page's data needs the API's code at once: its file is asked for now, beside the rest of the start,
    // rather than by the prefetch's module when that has loaded.
    loadApiCode();
    await stage('router', () => import(/* webpackMode: "eager", webpackExports: ["matchRoutes"] */ 'react-router'));
  }
  // Signed in, the route table and the prefetch's modules, then the prefetch itself (matching the address, asking for
  // the screen's chunks and data): together they were one long task on Create Highlight. Signed out
  // the prefetch does nothing and they stay one stage, as /login was measured (split there, its TBT was no better).
  const loadPrefetch = () => import(/* webpackMode: "eager" */ './app/prefetchFirstScreen');
  const { prefetchFirstScreen } = signedIn ? await stage('prefetch-modules', loadPrefetch) : await loadPrefetch();
  // In an object, so the stage does not wait for it: the stages below load meanwhile, and the first render waits.
  const firstScreen = await stage('prefetch', async () => ({ ready: prefetchFirstScreen(store, window.location.pathname) }));
  // React's DOM runtime.
  const { createRoot, hydrateRoot } = await stage('react-dom', () => import(/* webpackMode: "eager" */ 'react-dom/client'));
  // Emotion and MUI's styling engine, then the theme made with them.
  await stage('styling', () => import(/* webpackMode: "eager", webpackExports: ["createTheme"] */ '@mui/material/styles'));
  await stage('theme', () => import(/* webpackMode: "eager" */ './app/theme'));
  // Signed in, the libraries the app's frame renders with (React Redux, Emotion's and MUI's providers, the baseline
  // CSS), then the frame, router and route table: together they were one long task on Create
  // Highlight. Signed out they load with the frame, as /login was measured (split there, its TBT was no better).
  if (signedIn) {
    await stage('app-libraries', () =>
      Promise.all([
        import(/* webpackMode: "eager", webpackExports: ["Provider"] */ 'react-redux'),
        import(/* webpackMode: "eager", webpackExports: ["CacheProvider"] */ '@emotion/react'),
        import(/* webpackMode: "eager", webpackExports: ["ThemeProvider"] */ '@mui/system'),
        import(/* webpackMode: "eager", webpackExports: ["default"] */ '@mui/material/CssBaseline'),
        import(/* webpackMode: "eager", webpackExports: ["default"] */ '@mui/material/GlobalStyles'),
      ]),
    );
  }
  const [{ StrictMode, startTransition, createElement }, { App }, { canHydrateLoginPage }] = await stage('app-modules', () =>
    Promise.all([
      import(/* webpackMode: "eager" */ 'react'),
      import(/* webpackMode: "eager" */ './app/App'),
      import(/* webpackMode: "eager" */ './features/login/public'),
    ]),
  );

  const container = document.getElementById('root');
  if (!container) return;
  // The first render waits for the first screen's code and answers, asked for by the prefetch (at most a second for
  // the answers): a render open while either arrives (one that suspends on code stays open until it comes) sees the
  // store change under it, and React redoes such a render in one long blocking task
  // (docs/performance.md "A first render that is not redone"). The page's frame is painted already.
  await firstScreen.ready;
  const app = createElement(StrictMode, null, createElement(App, { store, navigation }));
  // Both in a transition, so React renders in slices of a few milliseconds rather than one long task. /login
  // arrives painted by the build's prerender (dist/login.html): its markup is taken over where the first render
  // matches it; anything else renders afresh, replacing whatever markup the page came with.
  const hydrate = container.hasChildNodes() && canHydrateLoginPage(store.getState(), window.location);
  startTransition(() => {
    if (hydrate) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
  // The sagas (the session's timers and cross-tab sync, the sign-in, the upload queue…): their file loads beside the
  // render, then each starts in a task of its own, handed the actions dispatched before it (app/sagaDoor.ts).
  startSagasWhenLoaded(store);
  // The API's code, before the first call needs it (a sign-in's tap, a signed-in screen's data, which usually asked
  // for it already at the start): its file loads beside the render and evaluates in a task of its own.
  loadApiCode();
}

/**
 * The sagas' file, loaded after the first render (app/sagaRuntime.ts). redux-saga's own modules evaluate first, a
 * task before the app's sagas: together they were one long task on /login (docs/performance.md
 * "Chunk requests a task apart").
 */
const loadSagaRuntime = () =>
  import(/* webpackExports: ["runSaga"] */ 'redux-saga')
    .then(yieldToMain)
    .then(() => import(/* webpackChunkName: "sagas" */ './app/sagaRuntime'));

/** How long a failed load of the sagas' file waits before it is asked for again. */
const SAGAS_RETRY_MS = 5_000;

/** Starts the sagas once their file is here; a failed load (a dropped connection) is tried again every 5 s. */
function startSagasWhenLoaded(store: { startSagas(between?: () => Promise<void>): Promise<void> }): void {
  store.startSagas(yieldToMain).catch(() => setTimeout(() => startSagasWhenLoaded(store), SAGAS_RETRY_MS));
}

/** Asks for the API's file (a second call waits for the same file). A failed load is left to the callers, which ask again. */
function loadApiCode(): void {
  import(/* webpackMode: "eager" */ './api/loadApi').then(({ loadApi }) => loadApi()).catch(() => undefined);
}

void start();
