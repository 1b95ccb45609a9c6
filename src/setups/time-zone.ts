/** IANA time zone names, as the runtime's `Intl` knows them. Pure; no zod, so the checker can ask. */

/** Whether the runtime knows an IANA time zone name ("Europe/Paris", "UTC"). */
export function isTimeZone(name: string): boolean {
  if (name.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
