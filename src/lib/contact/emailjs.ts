export interface EmailjsEnv {
  PUBLIC_EMAILJS_SERVICE_ID?: string;
  PUBLIC_EMAILJS_TEMPLATE_ID?: string;
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

const REQUIRED = [
  'PUBLIC_EMAILJS_SERVICE_ID',
  'PUBLIC_EMAILJS_TEMPLATE_ID',
  'PUBLIC_EMAILJS_PUBLIC_KEY',
] as const;

/** Reads the PUBLIC_EMAILJS_* values; a blank value counts as missing. */
export function readEmailjsConfig(env: EmailjsEnv): EmailjsConfigResult {
  const missing = REQUIRED.filter((name) => !env[name]?.trim());
  if (missing.length > 0) return { configured: false, missing };
  return {
    configured: true,
    config: {
      serviceId: env.PUBLIC_EMAILJS_SERVICE_ID!.trim(),
      templateId: env.PUBLIC_EMAILJS_TEMPLATE_ID!.trim(),
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
