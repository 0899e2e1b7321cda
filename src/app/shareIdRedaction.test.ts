import type { UnknownAction } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';
import { actionLogOf } from '../features/diagnostics/model/actionLog';
import { buildDiagnosticsFile, diagnosticsFileText } from '../features/diagnostics/model/diagnosticsFile';
import { sharesApi } from '../features/shares/api/sharesApi';
import {
  rawRevokedLink,
  rawShareLink,
  rawSharedHighlight,
  REVOKED_SHARE_ID,
  SHARE_ID,
  SHARED_HIGHLIGHT_ID,
  shareAnswer,
  sharedHighlightsAnswer,
  sharesAnswer,
} from '../test/data/shareTestData';
import { API, apiServer, setupApiServer } from '../test/apiServer';
import { signedInState } from '../test/renderWithProviders';
import { makeToken } from '../test/tokens';
import { redactSecrets } from './devtools';
import { makeStore } from './store';

/**
 * Share ids (bearer capabilities) in the state and actions the share calls leave: Redux DevTools and the
 * diagnostics file (features/diagnostics) see them cut to 4 characters. Here, not beside either, since it joins a
 * feature's calls to another feature's file.
 */

setupApiServer();

const token = makeToken({});

function parse(text: string) {
  const file = JSON.parse(text) as { payload: string; preloadedState: string };
  return { actions: JSON.parse(file.payload) as UnknownAction[], preloadedState: JSON.parse(file.preloadedState) as unknown };
}

describe('share ids in DevTools and the diagnostics file', () => {
  it('holds no whole share id: links in the query caches, a new link, and a revoke', async () => {
    const revoked = rawRevokedLink({ id: SHARE_ID, url: rawShareLink().url });
    apiServer.use(
      http.get(API(`highlights/${SHARED_HIGHLIGHT_ID}/shares`), () => HttpResponse.json(sharesAnswer([rawShareLink()]))),
      http.get(API('shares'), () =>
        HttpResponse.json(sharedHighlightsAnswer([{ highlight: rawSharedHighlight(), shares: [rawRevokedLink()] }])),
      ),
      http.post(API(`highlights/${SHARED_HIGHLIGHT_ID}/shares`), () => HttpResponse.json(shareAnswer(rawShareLink()))),
      http.post(API(`shares/${SHARE_ID}/revoke`), () => HttpResponse.json(shareAnswer(revoked))),
    );
    const store = makeStore({ runSagas: false, preloadedState: { session: { ...signedInState().session, token } } });
    await store.dispatch(sharesApi.endpoints.getHighlightShares.initiate(SHARED_HIGHLIGHT_ID));
    await store.dispatch(sharesApi.endpoints.getSharedHighlights.initiate());
    await store.dispatch(sharesApi.endpoints.createShare.initiate({ highlightId: SHARED_HIGHLIGHT_ID, expiresInDays: 7 }));
    await store.dispatch(sharesApi.endpoints.revokeShare.initiate({ shareId: SHARE_ID, highlightId: SHARED_HIGHLIGHT_ID }));
    const planted = JSON.stringify([store.getState(), actionLogOf(store)!.entries()]);
    for (const shareId of [SHARE_ID, REVOKED_SHARE_ID]) expect(planted).toContain(shareId);

    const text = diagnosticsFileText(buildDiagnosticsFile(actionLogOf(store)!.entries(), store.getState()));
    const { actions, preloadedState } = parse(text);
    const current = JSON.stringify(redactSecrets(store.getState()));
    for (const shareId of [SHARE_ID, REVOKED_SHARE_ID]) {
      for (const part of [text, JSON.stringify(actions), JSON.stringify(preloadedState), current]) {
        expect(part).not.toContain(shareId);
      }
    }
    // Cut, not dropped: support can still tell the links apart.
    expect(current).toContain(`/s/${SHARE_ID.slice(0, 4)}…`);
  });
});
