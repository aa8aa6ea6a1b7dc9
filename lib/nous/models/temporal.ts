/**
 * Relative time expressions resolved against the time a turn was said, written the way LoCoMo's answers write
 * dates ("7 May 2023", "the week before 9 June 2023", "2022"). Used by the offline answerer.
 */
import { formatDate } from "../query.js";

const DAY = 86_400_000;
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

/**
 * The date a text refers to: a year it names ("in 2020"), a relative expression resolved against `said` (ms),
 * or else the date it was said.
 *
 * @example
 * resolveTime("I went to a support group yesterday", Date.UTC(2023, 4, 8)); // "7 May 2023"
 */
export function resolveTime(text: string, said: number): string {
  const t = text.toLowerCase();
  const d = new Date(said);
  const year = d.getUTCFullYear();
  const named = /\b(?:in|since|back in) ((?:19|20)\d\d)\b/.exec(t);
  if (named) return named[1];
  if (/\byesterday\b/.test(t)) return formatDate(said - DAY);
  if (/\btoday\b|\bthis morning\b|\btonight\b/.test(t)) return formatDate(said);
  if (/\blast night\b/.test(t)) return formatDate(said - DAY);
  if (/\blast week\b|\ba week ago\b/.test(t)) return `the week before ${formatDate(said)}`;
  if (/\blast weekend\b/.test(t)) return `the weekend before ${formatDate(said)}`;
  if (/\blast month\b|\ba month ago\b/.test(t)) return MONTHS[(d.getUTCMonth() + 11) % 12] + ` ${d.getUTCMonth() === 0 ? year - 1 : year}`;
  if (/\blast year\b|\ba year ago\b/.test(t)) return String(year - 1);
  if (/\bnext month\b/.test(t)) return MONTHS[(d.getUTCMonth() + 1) % 12] + ` ${d.getUTCMonth() === 11 ? year + 1 : year}`;
  if (/\bnext week\b/.test(t)) return `the week after ${formatDate(said)}`;
  const ago = /\b(\d+|two|three|four|five|six) (day|week|month|year)s? ago\b/.exec(t);
  if (ago) {
    const words: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6 };
    const n = words[ago[1]] ?? Number(ago[1]);
    if (ago[2] === "year") return String(year - n);
    const days = ago[2] === "day" ? n : ago[2] === "week" ? 7 * n : 30 * n;
    return formatDate(said - days * DAY);
  }
  const wd = /\blast (sunday|monday|tuesday|wednesday|thursday|friday|saturday)\b/.exec(t);
  if (wd) return `the ${wd[1]} before ${formatDate(said)}`;
  if (WEEKDAYS.some((w) => new RegExp(`\\bon ${w}\\b`).test(t))) return `the week of ${formatDate(said)}`;
  return formatDate(said);
}

/** Parses LoCoMo's session time, e.g. "1:56 pm on 8 May, 2023", to ms since the epoch (UTC); NaN if unreadable. */
export function parseLocomoTime(s: string): number {
  const m = /^\s*(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})\s*$/i.exec(s);
  if (!m) return Number.NaN;
  const month = MONTHS.findIndex((x) => x.toLowerCase() === m[5].toLowerCase());
  if (month < 0) return Number.NaN;
  let hour = Number(m[1]) % 12;
  if (m[3].toLowerCase() === "pm") hour += 12;
  return Date.UTC(Number(m[6]), month, Number(m[4]), hour, Number(m[2]));
}
