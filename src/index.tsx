import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import { makeStore } from './app/store';

// The store's navigate service is bound to the router once both exist.
let router: ReturnType<typeof createAppRouter> | null = null;
const store = makeStore({
  services: {
    navigate: (to, options) => {
      void router?.navigate(to, { replace: options?.replace ?? false });
    },
  },
});
router = createAppRouter();

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App store={store} router={router} />
    </StrictMode>,
  );
}
