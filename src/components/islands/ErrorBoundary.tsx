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

/** Spec §2 "Generic error screen". */
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

interface ErrorBoundaryProps {
  children: ReactNode;
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
    if (this.state.hasError) return <ErrorFallback error={this.state.error} />;
    return this.props.children;
  }
}
