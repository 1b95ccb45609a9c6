/**
 * Clock times and days as a reply states them ("for 9 am", "on Friday", "on March 2") and as a
 * call's argument sets them ("2026-03-02T08:00:00Z"), for argument-level anchoring
 * (claim-arguments.ts). An argument that is an ISO datetime with an offset or `Z` is read in the
 * deployment's time zone when it has one; every other time is read as written. Pure.
 */

/** A clock time with am/pm or minutes: "9 am", "10:30", "3pm", "noon". */
const CLOCK = /\b(?:at|for|to|by|from)\s+(?:(noon|midday|midnight)|(\d{1,2})(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?)(?![\d:])/i;

export interface ReportedClock {
  hour: number;
  minute: number;
  /** Whether the half of the day is stated (am/pm, noon): "at 9:30" agrees with 09:30 and 21:30. */
  exact: boolean;
}

/**
 *   reads:   "for 9 am" → 09:00 exact; "at 10:30" → 10:30 either half; "by noon" → 12:00
 *   ignores: "at 9" (no minutes, no am/pm: a count as often as a time), "2 bags"
 */
export function reportedClock(text: string): ReportedClock | null {
  const clock = CLOCK.exec(text);
  if (!clock || !(clock[1] || clock[3] || clock[4])) return null;
  const noon = clock[1]?.toLowerCase();
  let hour = noon ? (noon === 'midnight' ? 0 : 12) : Number(clock[2]);
  const minute = clock[3] ? Number(clock[3]) : 0;
  const meridiem = clock[4]?.toLowerCase().replace(/\./g, '');
  if (meridiem === 'pm' && hour < 12) hour += 12;
  if (meridiem === 'am' && hour === 12) hour = 0;
  if (hour > 23 || minute > 59) return null;
  return { hour, minute, exact: noon !== undefined || meridiem !== undefined };
}

export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'] as const;
/** Three-letter forms a reply writes capitalised ("Mar 2"); "Sept" too. */
const MONTH_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** "on Friday", "for next Monday", "to Tuesday": a weekday the act is set for (the last one: "from Friday to Monday" → Monday). */
const WEEKDAY = new RegExp(`\\b(?:on|for|to|this|next|until|till)\\s+(?:(?:this|next|coming)\\s+)?(${WEEKDAYS.join('|')})\\b`, 'gi');
/** Full names with a capital or without ("october"), but "May" only with its capital: "may" is a verb. */
const MONTH_NAME = `(${MONTHS.map((m) => (m === 'may' ? 'May' : `[${m[0]!.toUpperCase()}${m[0]}]${m.slice(1)}`)).join('|')}|${MONTH_SHORT.join('|')}|Sept)\\.?`;
/** "March 2", "Mar 2nd", "2 March", "the 2nd of March", "2026-03-02". */
const MONTH_DAY = new RegExp(`\\b${MONTH_NAME}\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?!:)|\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH_NAME}\\b|\\b(\\d{4})-(\\d{2})-(\\d{2})\\b`);

export interface ReportedDay {
  /** 0 (Sunday) to 6, when the reply names a weekday. */
  weekday?: number;
  /** 1 to 12 and 1 to 31, when it names a date. */
  month?: number;
  day?: number;
  /** The words as written ("Friday", "March 2"). */
  words: string;
}

/**
 *   reads:   "on Friday at 10am" → Friday; "from Friday to Monday" → Monday; "on March 2" → 3/2;
 *            "for the 2nd of March" → 3/2; "on 2026-03-02" → 3/2
 *   ignores: "Friday's meeting was great" (no preposition), "may 5 people" (lower-case short month)
 */
export function reportedDay(text: string): ReportedDay | null {
  const date = MONTH_DAY.exec(text);
  if (date) {
    if (date[5] !== undefined) return { month: Number(date[6]), day: Number(date[7]), words: date[0] };
    const name = (date[1] ?? date[4])!;
    const day = Number(date[2] ?? date[3]);
    const month = monthNumber(name);
    if (month !== null && day >= 1 && day <= 31) return { month, day, words: date[0] };
  }
  let last: RegExpExecArray | null = null;
  WEEKDAY.lastIndex = 0;
  for (let m = WEEKDAY.exec(text); m !== null; m = WEEKDAY.exec(text)) last = m;
  if (last === null) return null;
  const name = last[1]!;
  return { weekday: WEEKDAYS.indexOf(name.toLowerCase() as (typeof WEEKDAYS)[number]), words: name };
}

function monthNumber(name: string): number | null {
  const lower = name.toLowerCase().replace(/\.$/, '');
  const full = MONTHS.indexOf(lower as (typeof MONTHS)[number]);
  if (full >= 0) return full + 1;
  // A short form only as written with its capital ("Mar 2"), never "may" the verb.
  if (name === 'Sept' || name === 'Sept.') return 9;
  const short = MONTH_SHORT.indexOf(name.replace(/\.$/, '') as (typeof MONTH_SHORT)[number]);
  return short >= 0 ? short + 1 : null;
}

/** An ISO datetime with its zone: "2026-03-02T08:00:00Z", "2026-03-02 08:00+01:00", "…T08:00:00.000-05:00". */
const ZONED_DATETIME = /^\s*\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?\s*(?:Z|[+-]\d{2}(?::?\d{2})?)\s*$/i;
/** A clock time inside an argument as written: "2026-10-02T08:00:00", "08:00", "tomorrow 9:30". */
const WRITTEN_CLOCK = /(?:T|\s|^)(\d{1,2}):(\d{2})/;
/** A date opening an argument as written: "2026-10-02", "2026-10-02T08:00". */
const WRITTEN_DATE = /^\s*(\d{4})-(\d{2})-(\d{2})(?![\d])/;

export interface CalledTime {
  year: number;
  month: number;
  day: number;
  /** 0 (Sunday) to 6. */
  weekday: number;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** The date and clock of an instant in a zone, or null when the value is no zoned datetime. */
function inZone(value: string, timeZone: string | undefined): { date: CalledTime; hour: number; minute: number } | null {
  if (timeZone === undefined || !ZONED_DATETIME.test(value)) return null;
  const instant = Date.parse(value.trim().replace(' ', 'T'));
  if (Number.isNaN(instant)) return null;
  let format = zoneFormats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    if (zoneFormats.size < 64) zoneFormats.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const { year, month, day, hour, minute } = parts;
  if (year === undefined || month === undefined || day === undefined || hour === undefined || minute === undefined) return null;
  return { date: { year, month, day, weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay() }, hour: hour % 24, minute };
}

/**
 * The clock time (hour 0-23, minute) an argument value sets. A zoned ISO datetime is converted to
 * the deployment's zone when one is given ("2026-03-02T08:00:00Z" is 09:00 in Europe/Paris); any
 * other time, and every time without a deployment zone, is read as written.
 */
export function calledClockTime(value: string, timeZone: string | undefined): [number, number] | null {
  const zoned = inZone(value, timeZone);
  if (zoned !== null) return [zoned.hour, zoned.minute];
  const t = WRITTEN_CLOCK.exec(value);
  return t ? [Number(t[1]), Number(t[2])] : null;
}

/** The day an argument value sets: in the deployment's zone for a zoned datetime ("2026-03-02T23:30:00Z" is 3 March in Paris), else as written. */
export function calledDay(value: string, timeZone: string | undefined): CalledTime | null {
  const zoned = inZone(value, timeZone);
  if (zoned !== null) return zoned.date;
  const d = WRITTEN_DATE.exec(value);
  if (!d) return null;
  const year = Number(d[1]);
  const month = Number(d[2]);
  const day = Number(d[3]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return { year, month, day, weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay() };
}
