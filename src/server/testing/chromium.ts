// How the browser tests and the cold-load bench start Debian's Chromium (never a downloaded browser).
import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-quic',
  '--no-first-run',
  '--disable-sync',
  // New headless runs the whole browser, which loads its address bar's popup (a WebUI page of ~100
  // chrome:// files) into every new window, at the very moment a test's or a bench run's page loads. A
  // person opening the app in a browser already open does not pay for it, and tests need not either.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}
