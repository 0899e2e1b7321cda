import { clipsSyncSaga } from '../features/clips/clipsSyncSaga';
import { geolocationSaga } from '../features/geolocation/geolocationSaga';
import { makeMyHighlightSaga } from '../features/highlights/makeMyHighlightSaga';
import { startEditingSaga } from '../features/highlights/startEditingSaga';
import { tagChoiceSaga } from '../features/tags/tagChoiceSaga';
import { tagOutboxSaga } from '../features/tags/tagOutboxSaga';
import type { NamedSaga } from './rootSaga';

/** The sagas that live for one signed-in user: started when a session starts, cancelled when it ends (rootSaga.ts). */
export const USER_SAGAS: readonly NamedSaga[] = [
  ['clipsSync', clipsSyncSaga],
  ['geolocation', geolocationSaga],
  ['startEditing', startEditingSaga],
  ['makeMyHighlight', makeMyHighlightSaga],
  ['tagOutbox', tagOutboxSaga],
  ['tagChoice', tagChoiceSaga],
];
