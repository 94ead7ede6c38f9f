/*
 * The forms' sending, in the visitor's browser: the EmailJS SDK, downloaded on first use, sends
 * the message, and localStorage keeps its rate limit. The contact island (ContactForm.tsx) and the
 * newsletter's script (NewsletterScript.astro) share it; what to send and what an answer means
 * are pure functions in src/lib/contact/.
 */
import { LIMITS } from '@/config/site';
import { classifySendResult, type ContactOutcome } from '@/lib/contact/outcome';
import { CONTACT_RATE_LIMIT_ID } from '@/lib/contact/payload';
import { describeMissingEmailjsConfig, type EmailjsConfigResult } from '@/config/emailjs';

/** Where the SDK keeps its rate-limit timestamps (its StorageProvider type). */
export interface RateLimitStorage {
  get(key: string): Promise<string | null | undefined>;
  set(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
}

/** The part of @emailjs/browser the form uses (its default export). */
export interface EmailjsSdk {
  init(options: { publicKey: string; origin: string }): void;
  send(
    serviceId: string,
    templateId: string,
    params: Record<string, unknown>,
    options: {
      publicKey: string;
      limitRate: { id: string; throttle: number };
      storageProvider?: RateLimitStorage;
    },
  ): Promise<{ status: number; text: string }>;
}

/**
 * localStorage for the SDK's limitRate. init() replaces the SDK's own default storage with
 * whatever its options carry (here: nothing), and without storage limitRate silently does
 * nothing, so the storage is passed with every send. Storage that is blocked or full must not
 * stop a message: it only loses the rate limit.
 */
export function getRateLimitStorage(): RateLimitStorage | undefined {
  let storage: Storage;
  try {
    if (typeof localStorage === 'undefined') return undefined;
    storage = localStorage;
  } catch {
    return undefined;
  }
  return {
    get: async (key) => {
      try {
        return storage.getItem(key);
      } catch {
        return undefined;
      }
    },
    set: async (key, value) => {
      try {
        storage.setItem(key, value);
      } catch {
        // Full or blocked: send anyway.
      }
    },
    remove: async (key) => {
      try {
        storage.removeItem(key);
      } catch {
        // Nothing to undo.
      }
    },
  };
}

let sdkPromise: Promise<EmailjsSdk> | undefined;

/**
 * The SDK loads on first use (or when the visitor first focuses a field), not with the page:
 * it is only needed once somebody actually writes to us.
 */
export function loadEmailjs(): Promise<EmailjsSdk> {
  if (!sdkPromise) {
    sdkPromise = import('@emailjs/browser').then((module) => module.default);
    // A failed download (offline) must not stick: the next attempt tries again.
    sdkPromise.catch(() => (sdkPromise = undefined));
  }
  return sdkPromise;
}

/**
 * Sends one message (the contact form's, or a newsletter sign-up with `rateLimitId`) and reports
 * the outcome. Never throws: every failure, including a missing configuration or an SDK that does
 * not load, becomes an outcome the form can show.
 */
export async function sendContactMessage(
  params: Record<string, string>,
  emailjsConfig: EmailjsConfigResult,
  loadSdk: () => Promise<EmailjsSdk> = loadEmailjs,
  rateLimitId: string = CONTACT_RATE_LIMIT_ID,
): Promise<ContactOutcome> {
  if (!emailjsConfig.configured) {
    console.error(describeMissingEmailjsConfig(emailjsConfig.missing));
    return 'refused';
  }
  const { serviceId, templateId, publicKey, origin } = emailjsConfig.config;
  try {
    const sdk = await loadSdk();
    // send() reads the API origin only from the SDK's global store, which init() sets.
    sdk.init({ publicKey, origin });
    const response = await sdk.send(serviceId, templateId, params, {
      publicKey,
      limitRate: { id: rateLimitId, throttle: LIMITS.contactRateLimitMs },
      storageProvider: getRateLimitStorage(),
    });
    return classifySendResult(response);
  } catch (error) {
    const outcome = classifySendResult(error);
    if (outcome === 'failed') console.error(`EmailJS (${rateLimitId}): sending failed`, error);
    return outcome;
  }
}
