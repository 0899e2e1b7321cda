/**
 * Locations as other features see it (lint: import-x/no-restricted-paths): the venue search Add Event uses.
 */
export { useLazySearchLocationsQuery, type LocationSummary } from './api/locationsApi';
