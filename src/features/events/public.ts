/**
 * Events as other features see it (lint: import-x/no-restricted-paths): the event picker, the event's
 * summary shape, and how an event's start and place are shown.
 */
export { EventPicker } from './components/EventPicker';
export type { EventSummary } from './model/eventTypes';
export { formatEventPlace, formatEventStart } from './model/eventDisplay';
/** The "near me" screens' wait for the device's location (Nearby Locations shares it). */
export { DeviceLocationGate } from './components/DeviceLocationGate';
/** Tag Moments' choice of a current event: the events LIVE now, near the device or found by text. */
export type { CurrentEvent } from './model/currentEvents';
/** When an event ends (its end time, else its start plus the default length): how long Tag Moments keeps it chosen. */
export { eventEndMs } from './model/eventTiming';
export { useNearbyCurrentEvents, type NearbyCurrentEventsView } from './components/useNearbyCurrentEvents';
export { useCurrentEventSearch, type CurrentEventSearchView } from './components/useCurrentEventSearch';
export { noCurrentEventsFound, SEARCH_FAILED } from './api/eventSearchApi';
export { GETTING_LOCATION } from './components/DeviceLocationGate';
/** An empty discovery list's next step: add the missing event or venue (admins), or who to ask and what to do now. */
export { emptyNextStep } from './model/emptyNextStep';
