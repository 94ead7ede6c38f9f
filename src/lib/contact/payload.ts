import { CONTACT } from '@/config/site';
import type { ContactFormValues } from '@/lib/contact/schema';

/** EmailJS keeps the contact form's rate-limit timestamp in localStorage under this id. */
export const CONTACT_RATE_LIMIT_ID = 'contact-form';

/** The EmailJS template parameters, exactly as the template names them. */
interface ContactTemplateParams {
  [key: string]: string;
  from_name: string;
  from_email: string;
  profession: string;
  subject: string;
  message: string;
  /** ISO 8601 date-time of the submission. */
  submitted_date: string;
  to_name: string;
}

/** Maps the checked form values to EmailJS template parameters. */
export function buildContactPayload(
  values: ContactFormValues,
  submittedAt: Date = new Date(),
): ContactTemplateParams {
  return {
    from_name: `${values.firstName} ${values.lastName}`,
    from_email: values.email,
    profession: values.profession,
    subject: values.subject,
    message: values.message,
    submitted_date: submittedAt.toISOString(),
    to_name: CONTACT.recipientName,
  };
}
