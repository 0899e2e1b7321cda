import { ThemeProvider } from '@mui/material/styles';
import { configureStore } from '@reduxjs/toolkit';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { Route, Routes, StaticRouter } from 'react-router';
import { api } from '../api/apiSlice';
import { LoadedStylesRenderContext } from '../app/prerenderedFrame';
import { rootReducer } from '../app/rootReducer';
import { theme } from '../app/theme';
import MyClipsScreen from '../features/clips/MyClipsScreen';
import HighlightCreationScreen from '../features/highlights/HighlightCreationScreen';
import { initialSessionState } from '../features/session/sessionSlice';
import { LOADED_STAND_INS } from './loadedStyles';

function standInStore(location: string) {
  const store = configureStore({
    reducer: rootReducer.inject(api),
    preloadedState: {
      session: { ...initialSessionState, status: 'signedIn' as const, user: { id: 'u', email: 'u@x.invalid', roles: [] } },
    },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  LOADED_STAND_INS[location]!(store.dispatch);
  return store;
}

/** A server render, as the build's (renderPage.tsx): no effects run, so only what the first render draws is there. */
function serverRender(location: string, pattern: string, screen: ReactNode, forStyles: boolean): string {
  return renderToString(
    <Provider store={standInStore(location)}>
      <ThemeProvider theme={theme}>
        <LoadedStylesRenderContext value={forStyles}>
          <StaticRouter location={location}>
            <Routes>
              <Route path={pattern} element={screen} />
            </Routes>
          </StaticRouter>
        </LoadedStylesRenderContext>
      </ThemeProvider>
    </Provider>,
  );
}

describe("the build's render of a framed screen as loaded, for its CSS (loadedStyles.ts)", () => {
  it('has a stand-in for every framed page it names, and for no other address', () => {
    expect(Object.keys(LOADED_STAND_INS).sort()).toEqual(['/clips', '/highlights/create/frame']);
  });

  it('Create Highlight: the loaded screen at once, with every kind of row of its list', () => {
    const html = serverRender('/highlights/create/frame', '/highlights/create/:eventId', <HighlightCreationScreen />, true);
    expect(html).not.toContain('Loading event data...');
    expect(html).toContain('Edit Highlight');
    expect(html).toContain('Make my highlight');
    expect(html).toContain('Preview');
    expect(html).toContain('Tag <!-- -->1');
    expect(html).toContain('Tagged moment <!-- -->at 0:10 of 0:30');
    expect(html).toContain('No clips found within 30 seconds of this tag');
    expect(html).toContain('Additional Clips');
    expect(html.match(/Select clip /g)).toHaveLength(2);
  });

  it('Create Highlight in the app: the same answers, yet the loaded screen and its list wait for later renders', () => {
    const html = serverRender('/highlights/create/frame', '/highlights/create/:eventId', <HighlightCreationScreen />, false);
    expect(html).toContain('Loading event data...');
    expect(html).not.toContain('Edit Highlight');
  });

  it('My Clips: the list of a user with clips', () => {
    const html = serverRender('/clips', '/clips', <MyClipsScreen />, true);
    expect(html).toContain('Unassociated Clips');
    expect(html).toContain('Events with clips');
    expect(html).not.toContain('Loading your clips...');
  });
});
