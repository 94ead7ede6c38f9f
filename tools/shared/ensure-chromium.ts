#!/usr/bin/env node
/**
 * Finds a Chromium for the end-to-end tests: CHROMIUM_PATH, Debian's /usr/bin/chromium, or
 * Playwright's own browser. Where there is none, installs Debian's package when running as root
 * on Debian; otherwise stops with the exact command to run.
 */
// First: the Node check and the .env files, before anything reads them.
import { toolEnv } from './env.ts';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const INSTALL = 'sudo apt-get update && sudo apt-get install -y chromium';

function found() {
  const { CHROMIUM_PATH } = toolEnv();
  if (CHROMIUM_PATH) {
    if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
    console.error(`CHROMIUM_PATH is set to ${CHROMIUM_PATH}, which does not exist.`);
    process.exit(1);
  }
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  try {
    const own = chromium.executablePath();
    if (own && existsSync(own)) return own;
  } catch {
    // Playwright has no browser of its own here.
  }
  return null;
}

if (!found()) {
  const isRoot = process.getuid?.() === 0;
  const isDebian = existsSync('/etc/debian_version');
  if (isRoot && isDebian) {
    console.log('No Chromium found: installing Debian\'s "chromium" package…');
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } else {
    console.error(
      `The end-to-end tests need Chromium and none was found (CHROMIUM_PATH, /usr/bin/chromium or Playwright's own).\nInstall it with:\n  ${INSTALL}\nor point CHROMIUM_PATH at a Chromium or Chrome binary.`,
    );
    process.exit(1);
  }
}
