import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { config } from '../../app/config';
import { reportMailto, type CaughtError } from './errorReport';
import { ErrorFallback } from './ErrorFallback';
import { renderErrorCaught } from './errorsSlice';

/**
 * The router's own error element: a route whose code fails to load or whose element throws
 * outside the layout's boundary ends here, with the same fallback and report as ErrorBoundary.
 */
export function RouteErrorFallback() {
  const error = useRouteError();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [caught] = useState<CaughtError>(() => {
    const e = error instanceof Error ? error : new Error(typeof error === 'string' ? error : 'Route failed to load');
    return { message: e.message, stack: e.stack ?? '', componentStack: '', timestamp: new Date().toISOString(), url: window.location.href };
  });

  useEffect(() => {
    dispatch(renderErrorCaught(caught));
  }, [dispatch, caught]);

  return (
    <ErrorFallback
      onTryAgain={() => void navigate(location.pathname + location.search, { replace: true })}
      onRefresh={() => window.location.reload()}
      onGoHome={() => void navigate('/')}
      reportHref={reportMailto(config.supportEmail, caught)}
    />
  );
}
