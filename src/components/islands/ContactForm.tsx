import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CONTACT, TIMING } from '@/config/site';
import { buttonVariants } from '@/components/ui/buttonVariants';
import {
  contactSchema,
  EMPTY_CONTACT_FORM,
  type ContactFormInput,
  type ContactFormValues,
} from '@/lib/contact/schema';
import { CONTACT_TOASTS, type ContactOutcome } from '@/lib/contact/outcome';
import { buildContactPayload } from '@/lib/contact/payload';
import type { EmailjsConfigResult } from '@/config/emailjs';
import { loadEmailjs, sendContactMessage } from '@/scripts/sendMessage';
import { ErrorBoundary, IslandMessage } from './ErrorBoundary';
import { FormMessage, Input, Label, Textarea } from './form/fields';
import { Toaster, useToasts } from './form/Toaster';

interface FieldSpec {
  name: keyof ContactFormInput;
  label: string;
  autoComplete: string;
  type?: 'text' | 'email';
  multiline?: boolean;
  /** Shares a row with its neighbour from the `sm` breakpoint. */
  half?: boolean;
}

const FIELDS: readonly FieldSpec[] = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name', half: true },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name', half: true },
  { name: 'email', label: 'Email', autoComplete: 'email', type: 'email', half: true },
  { name: 'profession', label: 'Profession', autoComplete: 'organization-title', half: true },
  { name: 'subject', label: 'Subject', autoComplete: 'off' },
  { name: 'message', label: 'Message', autoComplete: 'off', multiline: true },
];

const fieldId = (name: string) => `contact-${name}`;

function SupportEmailLink() {
  return (
    <a
      href={`mailto:${CONTACT.supportEmail}`}
      className="font-medium text-primary underline underline-offset-4"
    >
      {CONTACT.supportEmail}
    </a>
  );
}
const errorId = (name: string) => `contact-${name}-error`;

interface ContactFormProps {
  /** The page's EmailJS settings (config/env.ts), or what is missing. */
  emailjs: EmailjsConfigResult;
}

function ContactFormFields({ emailjs }: ContactFormProps) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormInput, unknown, ContactFormValues>({
    resolver: zodResolver(contactSchema),
    defaultValues: EMPTY_CONTACT_FORM,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
  const { toasts, showToast, dismissToast } = useToasts();
  const honeypotRef = useRef<HTMLInputElement>(null);
  // A second click can land before React re-renders the disabled button: this guard is synchronous.
  const sendingRef = useRef(false);
  // The server-rendered form cannot send; its button waits for hydration.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const finish = (outcome: ContactOutcome) => {
    showToast(CONTACT_TOASTS[outcome]);
    if (outcome === 'sent') {
      reset();
      if (honeypotRef.current) honeypotRef.current.value = '';
    }
  };

  const onValid = async (values: ContactFormValues) => {
    if (sendingRef.current) return;
    sendingRef.current = true;
    try {
      // A bot that filled the hidden field sees the same success a person would, and sends nothing.
      if (honeypotRef.current?.value) return finish('sent');
      finish(await sendContactMessage(buildContactPayload(values), emailjs));
    } finally {
      sendingRef.current = false;
    }
  };

  return (
    <>
      <form
        noValidate
        aria-label="Contact form"
        onSubmit={handleSubmit(onValid)}
        // Fetch the SDK while the visitor types, so sending does not wait for it.
        onFocus={() => void loadEmailjs().catch(() => undefined)}
        className="grid gap-5 sm:grid-cols-2"
      >
        {!emailjs.configured && (
          // Only a local build gets here: a production build refuses to run without EmailJS.
          <p
            className="rounded-md border border-border bg-muted p-4 text-sm text-foreground sm:col-span-2"
            data-contact-not-configured
          >
            This copy of the site cannot send messages. Please email us at <SupportEmailLink />.
          </p>
        )}
        <p className="text-sm text-muted-foreground sm:col-span-2">All fields are required.</p>
        {FIELDS.map(({ name, label, autoComplete, type = 'text', multiline, half }) => {
          const error = errors[name]?.message;
          const controlProps = {
            id: fieldId(name),
            autoComplete,
            required: true,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? errorId(name) : undefined,
            ...register(name),
          };
          return (
            <div key={name} className={`grid content-start gap-2 ${half ? '' : 'sm:col-span-2'}`}>
              <Label htmlFor={fieldId(name)}>{label}</Label>
              {multiline ? (
                <Textarea rows={6} {...controlProps} />
              ) : (
                <Input type={type} {...controlProps} />
              )}
              <FormMessage id={errorId(name)}>{error}</FormMessage>
            </div>
          );
        })}
        {/* Honeypot: off screen, hidden from assistive technology, out of the tab order. */}
        <div
          aria-hidden="true"
          className="absolute top-auto left-[-10000px] h-px w-px overflow-hidden"
        >
          <label htmlFor={fieldId('website')}>Website</label>
          <input
            ref={honeypotRef}
            id={fieldId('website')}
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
        <div className="sm:col-span-2">
          <button
            type="submit"
            disabled={!hydrated || isSubmitting}
            className={buttonVariants({ size: 'lg', class: 'w-full sm:w-auto' })}
          >
            {isSubmitting ? 'Sending...' : 'Send Message'}
          </button>
        </div>
      </form>
      <Toaster toasts={toasts} durationMs={TIMING.toastMs} onDismiss={dismissToast} />
    </>
  );
}

/** In place of a broken form: the address still reaches us. */
export function ContactFormFallback() {
  return (
    <IslandMessage>
      The form could not be loaded. Please email us at <SupportEmailLink />.
    </IslandMessage>
  );
}

export default function ContactForm({ emailjs }: ContactFormProps) {
  return (
    <ErrorBoundary fallback={<ContactFormFallback />}>
      <ContactFormFields emailjs={emailjs} />
    </ErrorBoundary>
  );
}
