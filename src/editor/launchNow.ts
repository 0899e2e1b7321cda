/**
 * The editor bundle's first module (webpack.config.ts lists it before index.tsx): the token leaves the address
 * bar before React, or anything else of ours, runs.
 */
import { takeLaunch, type Launch } from './launch';

export const launch: Launch = takeLaunch(window.location, window.history);
