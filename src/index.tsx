import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { createNavigation } from './app/services';
import { makeStore } from './app/store';
import { canHydrateLoginPage } from './features/login/public';

// The store starts the sagas, which read the stored session: a signed-in page renders signed in.
const navigation = createNavigation();
const store = makeStore({ services: { navigate: navigation.navigate } });

const container = document.getElementById('root');
if (container) {
  const app = (
    <StrictMode>
      <App store={store} navigation={navigation} />
    </StrictMode>
  );
  // /login arrives painted by the build's prerender (dist/login.html): the app takes that markup over where its first
  // render matches it; anything else renders afresh. In a transition, so React renders in slices between which the
  // page stays responsive, rather than in one long task.
  const hydrate = container.hasChildNodes() && canHydrateLoginPage(store.getState(), window.location);
  startTransition(() => {
    if (hydrate) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}
