/**
 * The EmailJS settings of the forms that send through it, read from the PUBLIC_EMAILJS_* variables:
 * config/env.ts reads them for the pages, the requireEmailjs integration for the build's check.
 * Configuration, so it lives beside env.ts and imports nothing.
 */
export interface EmailjsEnv {
  PUBLIC_EMAILJS_SERVICE_ID?: string;
  PUBLIC_EMAILJS_TEMPLATE_ID?: string;
  PUBLIC_EMAILJS_NEWSLETTER_TEMPLATE_ID?: string;
  PUBLIC_EMAILJS_PUBLIC_KEY?: string;
  /** Always set: the schema defaults it to EmailJS's own API. */
  PUBLIC_EMAILJS_API_ORIGIN: string;
}

export interface EmailjsConfig {
  serviceId: string;
  templateId: string;
  publicKey: string;
  origin: string;
}

export type EmailjsConfigResult =
  { configured: true; config: EmailjsConfig } | { configured: false; missing: string[] };

/** The two forms that send through EmailJS, each with its own template. */
export const EMAILJS_TEMPLATE_VARIABLES = {
  contact: 'PUBLIC_EMAILJS_TEMPLATE_ID',
  newsletter: 'PUBLIC_EMAILJS_NEWSLETTER_TEMPLATE_ID',
} as const;

export type EmailjsForm = keyof typeof EMAILJS_TEMPLATE_VARIABLES;

/** Reads one form's PUBLIC_EMAILJS_* values; a blank value counts as missing. */
export function readEmailjsConfig(
  env: EmailjsEnv,
  form: EmailjsForm = 'contact',
): EmailjsConfigResult {
  const template = EMAILJS_TEMPLATE_VARIABLES[form];
  const required = ['PUBLIC_EMAILJS_SERVICE_ID', template, 'PUBLIC_EMAILJS_PUBLIC_KEY'] as const;
  const missing = required.filter((name) => !env[name]?.trim());
  if (missing.length > 0) return { configured: false, missing };
  return {
    configured: true,
    config: {
      serviceId: env.PUBLIC_EMAILJS_SERVICE_ID!.trim(),
      templateId: env[template]!.trim(),
      publicKey: env.PUBLIC_EMAILJS_PUBLIC_KEY!.trim(),
      // The SDK appends "/api/v1.0/email/send": drop a trailing slash so the path stays single.
      origin: env.PUBLIC_EMAILJS_API_ORIGIN.replace(/\/+$/, ''),
    },
  };
}

/** The warning the build prints and the island logs when sending is not configured. */
export function describeMissingEmailjsConfig(missing: readonly string[]): string {
  return `Contact form not configured: missing ${missing.join(', ')}. The form renders, but messages cannot be sent.`;
}
