/*
 * Small form primitives with shadcn/ui's look (Label, Input, Textarea, FormMessage). Plain
 * class strings rather than cn(): tailwind-merge would add about 9 KB gzip to the contact page.
 */
import type { ComponentPropsWithRef, ReactNode } from 'react';

const CONTROL_CLASS =
  'flex w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive md:text-sm';

export function Label({ className = '', ...props }: ComponentPropsWithRef<'label'>) {
  // eslint-disable-next-line jsx-a11y/label-has-associated-control -- callers pass htmlFor
  return <label className={`text-sm leading-none font-medium ${className}`} {...props} />;
}

export function Input({ className = '', ...props }: ComponentPropsWithRef<'input'>) {
  return <input className={`${CONTROL_CLASS} h-10 ${className}`} {...props} />;
}

export function Textarea({ className = '', ...props }: ComponentPropsWithRef<'textarea'>) {
  return <textarea className={`${CONTROL_CLASS} min-h-32 ${className}`} {...props} />;
}

interface FormMessageProps {
  id: string;
  children?: ReactNode;
}

/** The error under a field; its id is the field's aria-describedby. */
export function FormMessage({ id, children }: FormMessageProps) {
  if (!children) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {children}
    </p>
  );
}
