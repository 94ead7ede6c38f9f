import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { ErrorBoundary, ErrorFallback, describeError } from '@/components/islands/ErrorBoundary';

/** What a boundary renders once it has caught `error` (React's own renderer never catches on the server). */
function renderCaught(props: { fallback: ReactNode; showDetails?: boolean }, error: unknown) {
  const boundary = new ErrorBoundary({ children: <p>fine</p>, ...props });
  boundary.state = ErrorBoundary.getDerivedStateFromError(error);
  return renderToStaticMarkup(<>{boundary.render()}</>);
}

describe('ErrorBoundary', () => {
  it('catches a render error into its state', () => {
    const error = new Error('boom');
    expect(ErrorBoundary.getDerivedStateFromError(error)).toEqual({ error, hasError: true });
  });

  it('describes errors by message, else by status, else as unknown', () => {
    expect(describeError(new Error('Bad things'))).toMatchObject({ message: 'Bad things' });
    expect(describeError({ status: 404, statusText: 'Not Found' })).toEqual({
      message: '404 Not Found',
    });
    expect(describeError({ status: 500 })).toEqual({ message: '500' });
    expect(describeError('plain text')).toEqual({ message: 'plain text' });
    expect(describeError(undefined)).toEqual({ message: 'Unknown error' });
  });

  it('shows the heading, the message and the stack trace when there is one', () => {
    const error = new Error('Cannot read the ledger');
    const html = renderToStaticMarkup(<ErrorFallback error={error} />);
    expect(html).toContain('Unexpected Application Error!');
    expect(html).toContain('Cannot read the ledger');
    expect(html).toContain('<pre');
    expect(html).toContain('errorBoundary.test.tsx');
  });

  it('shows the status and no stack for a thrown response-like value', () => {
    const html = renderToStaticMarkup(
      <ErrorFallback error={{ status: 503, statusText: 'Service Unavailable' }} />,
    );
    expect(html).toContain('503 Service Unavailable');
    expect(html).not.toContain('<pre');
  });

  it('shows visitors only the island’s quiet fallback: no heading, no message, no stack', () => {
    const html = renderCaught(
      { fallback: <p>The form could not be loaded.</p>, showDetails: false },
      new Error('Cannot read the ledger'),
    );
    expect(html).toBe('<p>The form could not be loaded.</p>');
  });

  it('shows developers the error screen with the stack', () => {
    const html = renderCaught(
      { fallback: <p>quiet</p>, showDetails: true },
      new Error('Cannot read the ledger'),
    );
    expect(html).toContain('Unexpected Application Error!');
    expect(html).toContain('Cannot read the ledger');
    expect(html).toContain('<pre');
    expect(html).not.toContain('quiet');
  });

  it('renders its children while nothing has gone wrong', () => {
    const boundary = new ErrorBoundary({ children: <p>fine</p>, fallback: <p>quiet</p> });
    expect(renderToStaticMarkup(<>{boundary.render()}</>)).toBe('<p>fine</p>');
  });
});
