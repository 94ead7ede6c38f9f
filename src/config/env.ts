/**
 * What a build's environment decides: the canonical origin and the outbound links. Every other
 * constant lives in `config/site.ts`, which reads no environment.
 */
import {
  PUBLIC_BRINGSPARK_URL,
  PUBLIC_CHAT_APP_LOGIN_URL,
  PUBLIC_CHAT_APP_URL,
  PUBLIC_DEMO_VIDEO_URL,
  PUBLIC_SOCIAL_URL,
} from 'astro:env/client';
import { SITE_URL } from 'astro:env/server';
import { DEFAULT_LINKS, SITE } from '@/config/site';

/** SITE_URL, else SITE.url: the origin of canonical URLs, Open Graph, JSON-LD, RSS and robots.txt. */
export const SITE_ORIGIN = new URL(SITE_URL || SITE.url);

/** A site path as an absolute URL on the canonical origin. */
export function absoluteUrl(path: string): string {
  return new URL(path, SITE_ORIGIN).href;
}

const chatApp = PUBLIC_CHAT_APP_URL || DEFAULT_LINKS.chatApp;

export const LINKS = {
  /** PUBLIC_CHAT_APP_URL */
  chatApp,
  /** PUBLIC_CHAT_APP_LOGIN_URL */
  chatAppLogin: PUBLIC_CHAT_APP_LOGIN_URL || `${chatApp}/login`,
  /** PUBLIC_DEMO_VIDEO_URL; unset: "See How It Works" leads to the home page's steps. */
  demoVideo: PUBLIC_DEMO_VIDEO_URL || undefined,
  /** PUBLIC_SOCIAL_URL: the company's social profile page; unset: no social link anywhere. */
  social: PUBLIC_SOCIAL_URL || undefined,
  /** PUBLIC_BRINGSPARK_URL: the sister product's own site (the desktop link). */
  sisterProduct: PUBLIC_BRINGSPARK_URL || DEFAULT_LINKS.sisterProduct,
} as const;
