/** The Chromium the tests and the benchmark drive, and the flags that keep it quiet here. */
import { existsSync } from 'node:fs';
import { toolEnv } from './env.ts';

/** Headless flags for a machine without outside network (no sandbox: CI runs as root). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** CHROMIUM_PATH, else Debian's /usr/bin/chromium; undefined when neither exists. */
export function findChromium() {
  const { CHROMIUM_PATH } = toolEnv();
  if (CHROMIUM_PATH) return CHROMIUM_PATH;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}
