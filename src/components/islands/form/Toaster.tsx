/*
 * A small accessible toaster. sonner would cost about 9.6 KB gzip on a page whose budget is
 * 35 KB; this does what the form needs: polite announcements for success, assertive ones for
 * failures, auto-dismiss after a set time that pauses while hovered or focused (WCAG 2.2.1),
 * and a dismiss button.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

interface ToastData {
  title: string;
  description: string;
  variant: 'default' | 'destructive';
}

interface ToastEntry extends ToastData {
  id: number;
}

/** Toast state for one toaster; older toasts drop off beyond `maxVisible`. */
export function useToasts(maxVisible = 3) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const nextId = useRef(0);
  const showToast = useCallback(
    (toast: ToastData) =>
      setToasts((current) => [...current, { ...toast, id: ++nextId.current }].slice(-maxVisible)),
    [maxVisible],
  );
  const dismissToast = useCallback(
    (id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)),
    [],
  );
  return { toasts, showToast, dismissToast };
}

interface ToastItemProps {
  toast: ToastEntry;
  durationMs: number;
  onDismiss(id: number): void;
}

const VARIANT_CLASS: Record<ToastData['variant'], string> = {
  default: 'border-border bg-card text-card-foreground',
  destructive: 'border-destructive bg-destructive text-destructive-foreground',
};

function ToastItem({ toast, durationMs, onDismiss }: ToastItemProps) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const remainingMs = useRef(durationMs);
  const paused = hovered || focused;

  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onDismiss(toast.id), remainingMs.current);
    return () => {
      clearTimeout(timer);
      remainingMs.current -= Date.now() - startedAt;
    };
  }, [paused, onDismiss, toast.id]);

  return (
    <div
      data-toast={toast.variant}
      className={`pointer-events-auto relative w-full rounded-md border p-4 pr-10 shadow-lg ${VARIANT_CLASS[toast.variant]}`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <p className="text-sm font-semibold">{toast.title}</p>
      <p className="mt-1 text-sm">{toast.description}</p>
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        aria-label="Dismiss notification"
        className="absolute top-2 right-2 inline-flex h-7 w-7 items-center justify-center rounded-md hover:bg-foreground/10 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-4 w-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M18 6 6 18M6 6l12 12" />
        </svg>
      </button>
    </div>
  );
}

interface ToasterProps {
  toasts: readonly ToastEntry[];
  durationMs: number;
  onDismiss(id: number): void;
}

/**
 * Both live regions are in the page from the start (empty), so screen readers announce what
 * is added to them.
 */
export function Toaster({ toasts, durationMs, onDismiss }: ToasterProps) {
  const renderToasts = (variant: ToastData['variant']) =>
    toasts
      .filter((toast) => toast.variant === variant)
      .map((toast) => (
        <ToastItem key={toast.id} toast={toast} durationMs={durationMs} onDismiss={onDismiss} />
      ));
  return (
    <div className="pointer-events-none fixed inset-x-4 bottom-4 z-100 flex flex-col gap-2 sm:left-auto sm:w-96">
      <div role="status" aria-live="polite" className="flex flex-col gap-2">
        {renderToasts('default')}
      </div>
      <div role="alert" aria-live="assertive" className="flex flex-col gap-2">
        {renderToasts('destructive')}
      </div>
    </div>
  );
}
