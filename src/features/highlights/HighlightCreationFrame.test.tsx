import { cleanup, screen } from '@testing-library/react';
import { delay, http } from 'msw';
import { FRAME_HEADING_ATTRIBUTE } from '../../app/prerenderedFrame';
import { API, apiServer, setupApiServer } from '../../test/apiServer';
import { signedInStore } from '../../test/sessionStore';
import { makeToken, TEST_USER } from '../../test/tokens';
import { answerMakeMyHighlight, EVENT_ID } from './makeMyHighlightTestData';
import { renderHighlightCreation } from './renderHighlightCreation';

setupApiServer();

const frameHeading = () => document.querySelector<HTMLElement>(`[${FRAME_HEADING_ATTRIBUTE}]`);
const holdEvent = () => apiServer.use(http.get(API(`events/${EVENT_ID}`), () => delay('infinite')));

/** The empty heading the build's frame leaves for its first script (src/prerender/frameScript.ts). */
describe("Create Highlight's heading in the frame", () => {
  it('is in the build’s frame while the event loads: hidden, empty, a level-one heading', async () => {
    holdEvent();
    renderHighlightCreation(signedInStore(makeToken({ userId: TEST_USER.id })).store, { inFrame: true });
    expect(await screen.findByText('Loading event data...')).toBeInTheDocument();
    expect(frameHeading()?.tagName).toBe('H1');
    expect(frameHeading()?.hidden).toBe(true);
    expect(frameHeading()?.textContent).toBe('');
    cleanup(); // before the test's end stops the store's sagas, which would update a screen still on
  });

  it('never in the app', async () => {
    holdEvent();
    renderHighlightCreation(signedInStore(makeToken({ userId: TEST_USER.id })).store);
    expect(await screen.findByText('Loading event data...')).toBeInTheDocument();
    expect(frameHeading()).toBeNull();
    cleanup();
  });

  it('is styled as the header’s heading, so the name the app draws in its place is the same size', async () => {
    holdEvent();
    renderHighlightCreation(signedInStore(makeToken({ userId: TEST_USER.id })).store, { inFrame: true });
    await screen.findByText('Loading event data...');
    const frameClass = frameHeading()?.className;
    cleanup();

    apiServer.resetHandlers();
    answerMakeMyHighlight();
    renderHighlightCreation(signedInStore(makeToken({ userId: TEST_USER.id })).store);
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(frameClass).toBeTruthy();
    expect(heading.className).toBe(frameClass);
    cleanup();
  });
});
