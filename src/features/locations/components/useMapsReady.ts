import { useEffect, useState } from 'react';
import { isMapsLoaded, loadMaps } from '../model/mapsLoader';

export type MapsStatus = 'loading' | 'ready' | 'error';

/** The maps script's state for a screen: starts the one load on mount, follows it to ready or error. */
export function useMapsReady(): MapsStatus {
  const [status, setStatus] = useState<MapsStatus>(() => (isMapsLoaded() ? 'ready' : 'loading'));
  useEffect(() => {
    let live = true;
    loadMaps().then(
      () => {
        if (live) setStatus('ready');
      },
      () => {
        if (live) setStatus('error');
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return status;
}
