import { clipsSyncSaga } from '../features/clips/model/clipsSyncSaga';
import { geolocationSaga } from '../features/geolocation/model/geolocationSaga';
import { makeMyHighlightSaga } from '../features/highlightCreation/model/makeMyHighlightSaga';
import { startEditingSaga } from '../features/highlightCreation/model/startEditingSaga';
import { tagChoiceSaga } from '../features/tags/model/tagChoiceSaga';
import { tagOutboxSaga } from '../features/tags/model/tagOutboxSaga';
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
