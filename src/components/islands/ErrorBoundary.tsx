import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';

interface ErrorFallbackProps {
  error: unknown;
}

/** Turns anything thrown into the message or status the error screen shows. */
export function describeError(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message, stack: error.stack };
  if (error && typeof error === 'object') {
    const { status, statusText, message } = error as {
      status?: unknown;
      statusText?: unknown;
      message?: unknown;
    };
    if (typeof message === 'string' && message) return { message };
    if (typeof status === 'number') {
      return {
        message:
          typeof statusText === 'string' && statusText ? `${status} ${statusText}` : String(status),
      };
    }
  }
  return { message: typeof error === 'string' && error ? error : 'Unknown error' };
}

/**
 * The generic error screen, with the stack when there is one. For developers only: `astro dev`
 * shows it, a built site shows the island's own quiet fallback instead.
 */
export function ErrorFallback({ error }: ErrorFallbackProps) {
  const { message, stack } = describeError(error);
  return (
    <div
      role="alert"
      className="rounded-lg border border-destructive bg-card p-4 text-card-foreground"
    >
      <h2 className="text-lg font-semibold">Unexpected Application Error!</h2>
      <p className="mt-2 font-medium italic">{message}</p>
      {stack ? (
        <pre className="mt-3 max-h-64 overflow-auto rounded-md bg-muted p-3 text-xs text-muted-foreground">
          {stack}
        </pre>
      ) : null}
    </div>
  );
}

/** A quiet line in place of a broken island: it says what is missing, never why. */
export function IslandMessage({ children }: { children: ReactNode }) {
  return <p className="text-sm text-muted-foreground">{children}</p>;
}

interface ErrorBoundaryProps {
  children: ReactNode;
  /** What visitors see instead of a broken island: something quiet that fits its place. */
  fallback: ReactNode;
  /** Show the error screen with the stack instead of the fallback. Default: only in `astro dev`. */
  showDetails?: boolean;
}

interface ErrorBoundaryState {
  error: unknown;
  hasError: boolean;
}

/** Keeps one broken island from taking the page with it. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error, hasError: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unexpected Application Error!', error, info.componentStack);
  }

  render() {
    const { children, fallback, showDetails = import.meta.env.DEV } = this.props;
    if (!this.state.hasError) return children;
    return showDetails ? <ErrorFallback error={this.state.error} /> : fallback;
  }
}
