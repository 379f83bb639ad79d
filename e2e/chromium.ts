/**
 * Debian's chromium, launched the same way by the e2e tests and the admin bench: a
 * browser is never downloaded, and nothing in it reaches for the network on its own.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Chromium keeps only the last `--disable-features` it is given, so this one repeats the
 * list Playwright passes itself (playwright-core 1.65, `chromiumSwitches.ts`) and adds
 * `PreloadTopChromeWebUI`: without it the full browser starts a "top-chrome WebUI"
 * renderer for every new context, which took about 5 % of a browser pass's CPU
 * (docs/performance.md, "CI").
 */
const DISABLED_FEATURES = [
  // Playwright's own
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  // ours
  "PreloadTopChromeWebUI",
];

export const chromiumLaunchOptions = {
  executablePath: CHROMIUM_PATH,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    `--disable-features=${DISABLED_FEATURES.join(",")}`,
  ],
};
