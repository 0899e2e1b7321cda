import { createAction } from '@reduxjs/toolkit';
import type { CaughtError } from './errorReport';

/** A screen failed to render; the errors saga reports it. */
export const renderErrorCaught = createAction<CaughtError>('errors/renderErrorCaught');
