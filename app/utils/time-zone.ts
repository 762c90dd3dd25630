import { TIME_ZONE_COOKIE } from '#server/domain/time-zone.ts'

/**
 * The browser's time zone, written by a small script in the root layout on
 * every page (a "client hint"), so the server knows which calendar day is
 * "today" for the person looking. Without JavaScript there is no hint: the
 * time zone saved on the profile decides, and failing that, UTC.
 */

/** The script that writes the hint; inlined with the CSP nonce by the root layout. */
export const timeZoneHintScript = `document.cookie=${JSON.stringify(`${TIME_ZONE_COOKIE}=`)}+encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)+";path=/;max-age=31536000;samesite=lax"`
