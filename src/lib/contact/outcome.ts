/** What a send attempt came to, and the toast each outcome shows. */
export type ContactOutcome = 'sent' | 'refused' | 'failed';

interface ContactToast {
  title: string;
  description: string;
  variant: 'default' | 'destructive';
}

export const CONTACT_TOASTS: Record<ContactOutcome, ContactToast> = {
  sent: {
    title: 'Message sent',
    description: "We'll get back to you as soon as possible.",
    variant: 'default',
  },
  refused: {
    title: 'Unable to send message',
    description: 'Please try again later or email us directly.',
    variant: 'destructive',
  },
  failed: {
    title: 'Error sending message',
    description: 'Something went wrong. Please try again.',
    variant: 'destructive',
  },
};

/** The HTTP status an SDK result or rejection carries, if it carries a real one. */
export function readStatus(value: unknown): number | undefined {
  if (typeof value !== 'object' || value === null || !('status' in value)) return undefined;
  const { status } = value as { status: unknown };
  // 0 is the SDK's placeholder for "no response", not an answer from the server.
  return typeof status === 'number' && status > 0 ? status : undefined;
}

/**
 * Only 200 is success: EmailJS answers 200 when it accepted the message. Any other status, whether the SDK resolved or rejected with
 * it, is a refusal; anything without a status (network failure, a thrown string) is a failure.
 */
export function classifySendResult(value: unknown): ContactOutcome {
  const status = readStatus(value);
  if (status === undefined) return 'failed';
  return status === 200 ? 'sent' : 'refused';
}
