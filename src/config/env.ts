/**
 * What a build's environment decides, read once from astro:env (declared in envSchema.ts): the
 * canonical origin, the outbound links, the contact form's sending, where content comes from and
 * the kind of build. Every
 * other constant lives in `config/site.ts`, which reads no environment.
 */
import {
  PUBLIC_BRINGSPARK_URL,
  PUBLIC_CHAT_APP_LOGIN_URL,
  PUBLIC_CHAT_APP_URL,
  PUBLIC_DEMO_VIDEO_URL,
  PUBLIC_EMAILJS_API_ORIGIN,
  PUBLIC_EMAILJS_NEWSLETTER_TEMPLATE_ID,
  PUBLIC_EMAILJS_PUBLIC_KEY,
  PUBLIC_EMAILJS_SERVICE_ID,
  PUBLIC_EMAILJS_TEMPLATE_ID,
  PUBLIC_SOCIAL_URL,
} from 'astro:env/client';
import {
  ASTRO_CACHE_DIR,
  CONTENT_IMAGE_ALLOWED_ORIGINS,
  FREE_PLAN_END_DATE,
  POCKETBASE_PREVIEW_EMAIL,
  POCKETBASE_PREVIEW_PASSWORD,
  POCKETBASE_TIMEOUT_SECONDS,
  POCKETBASE_URL,
  PREVIEW_DRAFTS,
  SITE_URL,
} from 'astro:env/server';
import path from 'node:path';
import { readEmailjsConfig } from '@/config/emailjs';
import { DEFAULT_LINKS, SITE } from '@/config/site';
import { readOriginList } from '@/config/originList.ts';

/** SITE_URL, else SITE.url: the origin of canonical URLs, Open Graph, JSON-LD, RSS and robots.txt. */
export const SITE_ORIGIN = new URL(SITE_URL ?? SITE.url);

/** A site path as an absolute URL on the canonical origin. */
export function absoluteUrl(path: string): string {
  return new URL(path, SITE_ORIGIN).href;
}

const chatApp = PUBLIC_CHAT_APP_URL ?? DEFAULT_LINKS.chatApp;

export const LINKS = {
  /** PUBLIC_CHAT_APP_URL */
  chatApp,
  /** PUBLIC_CHAT_APP_LOGIN_URL */
  chatAppLogin: PUBLIC_CHAT_APP_LOGIN_URL ?? `${chatApp}/login`,
  /** PUBLIC_DEMO_VIDEO_URL; unset: "See How It Works" leads to the home page's steps. */
  demoVideo: PUBLIC_DEMO_VIDEO_URL,
  /** PUBLIC_SOCIAL_URL: the company's social profile page; unset: no social link anywhere. */
  social: PUBLIC_SOCIAL_URL,
  /** PUBLIC_BRINGSPARK_URL: the sister product's own site (the desktop link). */
  sisterProduct: PUBLIC_BRINGSPARK_URL ?? DEFAULT_LINKS.sisterProduct,
} as const;

const emailjsEnv = {
  PUBLIC_EMAILJS_SERVICE_ID,
  PUBLIC_EMAILJS_TEMPLATE_ID,
  PUBLIC_EMAILJS_NEWSLETTER_TEMPLATE_ID,
  PUBLIC_EMAILJS_PUBLIC_KEY,
  PUBLIC_EMAILJS_API_ORIGIN,
};

/** The contact form's EmailJS settings, or the variables that are missing. */
export const EMAILJS = readEmailjsConfig(emailjsEnv, 'contact');

/** The newsletter sign-up's EmailJS settings (its own template), or what is missing. */
export const NEWSLETTER_EMAILJS = readEmailjsConfig(emailjsEnv, 'newsletter');

/** FREE_PLAN_END_DATE: the Free plan's last day (YYYY-MM-DD) when the build moves it. */
export const FREE_PLAN_END_OVERRIDE = FREE_PLAN_END_DATE;

/** PREVIEW_DRAFTS=1: a draft preview build (drafts shown with badges, every page noindex). */
export const IS_PREVIEW = PREVIEW_DRAFTS === '1';

/** The PocketBase the build reads, and how. */
export const POCKETBASE = {
  /** POCKETBASE_URL, without a trailing slash; a production build requires it. */
  url: POCKETBASE_URL?.replace(/\/+$/, ''),
  /** POCKETBASE_TIMEOUT_SECONDS: the longest wait for one answer, body included. */
  timeoutMs: POCKETBASE_TIMEOUT_SECONDS * 1000,
  /** The account a draft preview reads drafts with: a preview reader, which can only read. */
  previewReader: { email: POCKETBASE_PREVIEW_EMAIL, password: POCKETBASE_PREVIEW_PASSWORD },
} as const;

/**
 * CONTENT_IMAGE_ALLOWED_ORIGINS: origins on a local or private network (an intranet host) the
 * build may fetch pictures from; any other picture must come from PocketBase or a public host.
 */
export const IMAGE_ALLOWED_ORIGINS = readOriginList(
  'CONTENT_IMAGE_ALLOWED_ORIGINS',
  CONTENT_IMAGE_ALLOWED_ORIGINS,
);

/** ASTRO_CACHE_DIR, absolute: Astro's cacheDir, where the build also keeps its share cards. */
export const CACHE_DIR = path.resolve(ASTRO_CACHE_DIR);
