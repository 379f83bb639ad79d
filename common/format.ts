/** Display formatting shared by the apps and the server. No DOM, no node:*. */

export const FILE_SIZE_UNITS = [
  "Bytes",
  "KB",
  "MB",
  "GB",
  "TB",
  "PB",
  "EB",
  "ZB",
  "YB",
] as const;

const FILE_SIZE_BASE = 1024;

/**
 * A byte count in the largest unit that keeps the number at least 1, base 1024.
 * Whole bytes print as an integer ("512 Bytes"); larger units keep two decimals ("1.50 KB").
 * Anything past YB stays in YB.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) {
    throw new RangeError(
      `file size must be a finite number >= 0, got ${bytes}`,
    );
  }
  let unitIndex = 0;
  let value = bytes;
  while (value >= FILE_SIZE_BASE && unitIndex < FILE_SIZE_UNITS.length - 1) {
    value /= FILE_SIZE_BASE;
    unitIndex += 1;
  }
  if (unitIndex === 0) return `${Math.round(value)} Bytes`;
  return `${value.toFixed(2)} ${FILE_SIZE_UNITS[unitIndex]}`;
}

/**
 * A duration in seconds as HH:MM:SS. Fractions of a second are dropped; hours keep
 * counting past 99 ("100:00:00") rather than wrapping.
 */
export function formatDuration(totalSeconds: number): string {
  if (!Number.isFinite(totalSeconds) || totalSeconds < 0) {
    throw new RangeError(
      `duration must be a finite number of seconds >= 0, got ${totalSeconds}`,
    );
  }
  const whole = Math.floor(totalSeconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = whole % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
}
