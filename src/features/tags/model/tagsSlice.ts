import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../../app/rootReducer';
import { signedOut } from '../../session/public';
import type { EventSummary } from '../../events/public';
import type { CreatedTag } from './tagTypes';

export interface TagsState {
  /** The event Tag Moments tags for; kept while the user moves between screens. */
  selectedEvent: EventSummary | null;
  /** The name of the chosen event whose time ran out (tagChoiceSaga.ts): Tag Moments says so until another is chosen. */
  endedEventName: string | null;
  /** Tags made on this device: this visit's, and those kept from before that are not sent yet. Newest first. */
  created: CreatedTag[];
}

export interface TagsChangedElsewhere {
  sent: Array<{ clientId: string; serverId: string }>;
  refused: Array<{ clientId: string; error: string }>;
  /** Retried there: waiting again (a Discard here would drop a tag being sent). */
  retried: string[];
  discarded: string[];
}

const initialState: TagsState = { selectedEvent: null, endedEventName: null, created: [] };

const newestFirst = (a: CreatedTag, b: CreatedTag) => b.timestamp.localeCompare(a.timestamp);

function update(state: TagsState, clientId: string, change: Partial<CreatedTag>) {
  const tag = state.created.find((t) => t.clientId === clientId);
  if (tag) Object.assign(tag, change);
}

/**
 * TAG NOW (docs/product/part-2.md §2 Tag Moments, §4 Tag creation). The reducer shows a tag the moment it is
 * tapped; tagOutboxSaga.ts keeps it on the device and sends it, and reports back here.
 */
const tagsSlice = createSlice({
  name: 'tags',
  initialState,
  reducers: {
    tagEventSelected(state, action: PayloadAction<EventSummary>) {
      state.selectedEvent = action.payload;
      state.endedEventName = null;
    },
    tagEventCleared(state) {
      state.selectedEvent = null;
      state.endedEventName = null;
    },
    /** The chosen event is over, grace included (tagChoicePolicy.ts): the choice goes, and the screen says why. */
    tagEventEnded(state, action: PayloadAction<{ eventId: string }>) {
      // Only the choice the saga looked at: one made since then stays.
      if (state.selectedEvent?.id !== action.payload.eventId) return;
      state.endedEventName = state.selectedEvent.name;
      state.selectedEvent = null;
    },
    endedEventNoticeClosed(state) {
      state.endedEventName = null;
    },
    /** The tap: the tag is listed at once, first, as 'sending' (optimistic). */
    tagRequested(state, action: PayloadAction<CreatedTag>) {
      state.created.unshift(action.payload);
    },
    /** Tags kept on the device from an earlier visit (or another tab), merged in by time. */
    keptTagsLoaded(state, action: PayloadAction<CreatedTag[]>) {
      const known = new Set(state.created.map((t) => t.clientId));
      const added = action.payload.filter((t) => !known.has(t.clientId));
      if (added.length > 0) state.created = [...state.created, ...added].sort(newestFirst);
    },
    tagSending(state, action: PayloadAction<string>) {
      update(state, action.payload, { status: 'sending', error: null });
    },
    tagConfirmed(state, action: PayloadAction<{ clientId: string; serverId: string }>) {
      update(state, action.payload.clientId, { status: 'sent', serverId: action.payload.serverId, error: null });
    },
    /** Not sent yet (offline, a lost connection, a server error): kept, and sent by itself later. */
    tagKept(state, action: PayloadAction<string>) {
      update(state, action.payload, { status: 'waiting' });
    },
    /** The server refused it (4xx): kept until the user retries or discards it. */
    tagRefused(state, action: PayloadAction<{ clientId: string; error: string }>) {
      update(state, action.payload.clientId, { status: 'failed', error: action.payload.error });
    },
    tagRetryRequested(state, action: PayloadAction<string>) {
      update(state, action.payload, { status: 'waiting', error: null });
    },
    tagDiscarded(state, action: PayloadAction<string>) {
      state.created = state.created.filter((t) => t.clientId !== action.payload);
    },
    /** Another tab sent, refused, retried or discarded tags this tab lists (it tells through the 'courtside.tags' channel). */
    tagsChangedElsewhere(state, { payload }: PayloadAction<TagsChangedElsewhere>) {
      for (const { clientId, serverId } of payload.sent) update(state, clientId, { status: 'sent', serverId, error: null });
      for (const { clientId, error } of payload.refused) update(state, clientId, { status: 'failed', error });
      for (const clientId of payload.retried) update(state, clientId, { status: 'waiting', error: null });
      const gone = new Set(payload.discarded);
      state.created = state.created.filter((t) => !gone.has(t.clientId));
    },
  },
  // A shared tablet: the next user sees none of this user's event or tags (theirs stay kept under their id).
  extraReducers: (builder) => builder.addCase(signedOut, () => initialState),
  selectors: {
    selectTagEvent: (state) => state.selectedEvent,
    selectEndedTagEventName: (state) => state.endedEventName,
    selectCreatedTags: (state) => state.created,
    /** 'Creating Tag...' while any tag is on its way. */
    selectTagCreating: (state) => state.created.some((t) => t.status === 'sending'),
  },
});

export const {
  tagEventSelected,
  tagEventCleared,
  tagEventEnded,
  endedEventNoticeClosed,
  tagRequested,
  keptTagsLoaded,
  tagSending,
  tagConfirmed,
  tagKept,
  tagRefused,
  tagRetryRequested,
  tagDiscarded,
  tagsChangedElsewhere,
} = tagsSlice.actions;

declare module '../../../app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the RTK pattern for lazily injected slices
  export interface LazyLoadedSlices extends WithSlice<typeof tagsSlice> {}
}

/** Joins the store when Tag Moments or the outbox first loads. */
const injected = tagsSlice.injectInto(rootReducer);

export const { selectTagEvent, selectEndedTagEventName, selectCreatedTags, selectTagCreating } = injected.selectors;
export { initialState as initialTagsState };
