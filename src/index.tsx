import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createNavigation } from './app/services';
import { makeStore } from './app/store';

const navigation = createNavigation();
const store = makeStore({ services: { navigate: navigation.navigate } });

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App store={store} navigation={navigation} />
    </StrictMode>,
  );
}
