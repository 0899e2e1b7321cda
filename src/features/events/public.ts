/**
 * Events as other features see it (lint: import-x/no-restricted-paths): the event picker, the event's
 * summary shape, and how an event's start and place are shown.
 */
export { EventPicker } from './EventPicker';
export type { EventSummary } from './eventTypes';
export { formatEventPlace, formatEventStart } from './eventDisplay';
/** The "near me" screens' wait for the device's location (Nearby Locations shares it). */
export { DeviceLocationGate } from './DeviceLocationGate';
/** Tag Moments' choice of a current event: the events LIVE now, near the device or found by text. */
export type { CurrentEvent } from './currentEvents';
export { useNearbyCurrentEvents, type NearbyCurrentEventsView } from './useNearbyCurrentEvents';
export { useCurrentEventSearch, type CurrentEventSearchView } from './useCurrentEventSearch';
export { noCurrentEventsFound, SEARCH_FAILED } from './eventSearchApi';
export { GETTING_LOCATION } from './DeviceLocationGate';
