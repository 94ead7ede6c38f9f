/** The EmailJS settings the unit tests read, as config/env.ts reads them. */
import { ENV_SCHEMA, readEnv } from '@/config/envSchema.ts';
import { readEmailjsConfig as readConfig } from '@/config/emailjs';

/** The settings as config/env.ts reads them: through astro:env, with the schema's defaults. */
export const readEmailjsConfig = (values: Record<string, string | undefined>) =>
  readConfig({ ...readEnv(ENV_SCHEMA, {}), ...values });

/** The three values a form needs to send. */
export const FULL_ENV = {
  PUBLIC_EMAILJS_SERVICE_ID: 'service_abc',
  PUBLIC_EMAILJS_TEMPLATE_ID: 'template_xyz',
  PUBLIC_EMAILJS_PUBLIC_KEY: 'public-key-123',
};
