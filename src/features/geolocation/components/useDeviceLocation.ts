import { useCallback, useEffect, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import {
  locationWanted,
  selectDeviceLocation,
  selectLocationMessage,
  selectLocationStatus,
  type DeviceLocation,
  type LocationStatus,
} from '../model/geolocationSlice';

export type { DeviceLocation, LocationStatus };

export interface DeviceLocationView {
  status: LocationStatus;
  location: DeviceLocation | null;
  /** The §8 text when status is error, denied or unsupported; else null. */
  message: string | null;
  /** Asks again, bypassing the cache and the browser's cached position (maximum age 0). */
  retry: () => void;
}

/**
 * Requests the location on mount unless the remembered permission is 'denied'.
 *
 * Only wiring: importing this module brings the slice into the store, the saga starts with the first
 * screen that renders it, and the decisions (cache, permission, timeout) are the saga's. Screens that
 * mount, or retry, while the browser is being asked share that one request.
 */
export function useDeviceLocation(): DeviceLocationView {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectLocationStatus);
  const location = useAppSelector(selectDeviceLocation);
  const message = useAppSelector(selectLocationMessage);

  useEffect(() => {
    dispatch(locationWanted({ force: false }));
  }, [dispatch]);

  const retry = useCallback(() => {
    dispatch(locationWanted({ force: true }));
  }, [dispatch]);

  return useMemo(() => ({ status, location, message, retry }), [status, location, message, retry]);
}
