import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { ReactReduxContext } from 'react-redux';
import { config } from '../../../app/config';
import { retryFailedImports } from '../../../app/retryableLazy';
import { reportMailto, type CaughtError } from '../model/errorReport';
import { BasicErrorFallback } from './BasicErrorFallback';

// Loaded only when something fails; if its code cannot load either, the basic fallback stands in.
const ErrorFallback = lazy(() =>
  import(/* webpackChunkName: "error-fallback" */ './ErrorFallback').catch(() => ({ default: BasicErrorFallback })),
);
import { renderErrorCaught } from '../model/errorsSlice';

interface Props {
  children: ReactNode;
  /** Go Home: in-app navigation where a router is around, a page load otherwise. */
  onGoHome?: () => void;
  /** Outside the shell the fallback is the page's main landmark. */
  standalone?: boolean;
}

interface State {
  caught: CaughtError | null;
}

/** Catches a screen that fails to render, shows the fallback and reports it (through the errors saga). */
export class ErrorBoundary extends Component<Props, State> {
  static override contextType = ReactReduxContext;
  declare context: React.ContextType<typeof ReactReduxContext>;

  override state: State = { caught: null };

  static getDerivedStateFromError(error: unknown): State {
    const e = error instanceof Error ? error : new Error(String(error));
    return {
      caught: {
        message: e.message,
        stack: e.stack ?? '',
        componentStack: '',
        timestamp: new Date().toISOString(),
        url: window.location.href,
      },
    };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const e = error instanceof Error ? error : new Error(String(error));
    const caught: CaughtError = {
      message: e.message,
      stack: e.stack ?? '',
      componentStack: info.componentStack ?? '',
      timestamp: this.state.caught?.timestamp ?? new Date().toISOString(),
      url: window.location.href,
    };
    this.setState({ caught });
    this.context?.store.dispatch(renderErrorCaught(caught));
  }

  private reset = () => {
    retryFailedImports();
    this.setState({ caught: null });
  };

  private goHome = () => {
    if (!this.props.onGoHome) {
      window.location.assign('/');
      return;
    }
    // Inside the shell the boundary is keyed by path: leaving the page replaces it. Already home, reset.
    const alreadyHome = window.location.pathname === '/';
    this.props.onGoHome();
    if (alreadyHome) this.reset();
  };

  override render() {
    const { caught } = this.state;
    if (!caught) return this.props.children;
    const props = {
      onTryAgain: this.reset,
      onRefresh: () => window.location.reload(),
      onGoHome: this.goHome,
      reportHref: reportMailto(config.supportEmail, caught),
      standalone: !this.props.onGoHome || this.props.standalone === true,
    };
    return (
      <Suspense fallback={null}>
        <ErrorFallback {...props} />
      </Suspense>
    );
  }
}
