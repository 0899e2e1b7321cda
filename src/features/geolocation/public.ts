/**
 * The device's location as other features use it (Nearby Events, Nearby Locations, Tag Moments): the one
 * module they may import from this feature. Importing the hook brings the slice and the saga into the
 * importing screen's chunk, never into every page's JS.
 */
export {
  useDeviceLocation,
  type DeviceLocation,
  type DeviceLocationView,
  type LocationStatus,
} from './components/useDeviceLocation';
export { GEOLOCATION_MESSAGES } from './model/geolocationMessages';
export { LOCATION_CACHE_MS, LOCATION_DEADLINE_GRACE_MS, LOCATION_MAXIMUM_AGE_MS, LOCATION_TIMEOUT_MS } from './model/constants';
