/**
 * Relative time expressions resolved against the time a turn was said, written the way LoCoMo's answers write
 * dates ("7 May 2023", "the week before 9 June 2023", "2022"). Used by the offline answerer.
 */
import { formatDate } from "../query.js";
import { timePattern } from "./lexicon.js";

const DAY = 86_400_000;
const RULES = {
  namedYear: timePattern("namedYear"), yesterday: timePattern("yesterday"), today: timePattern("today"), lastNight: timePattern("lastNight"),
  lastWeek: timePattern("lastWeek"), lastWeekend: timePattern("lastWeekend"), lastMonth: timePattern("lastMonth"), lastYear: timePattern("lastYear"),
  nextMonth: timePattern("nextMonth"), nextWeek: timePattern("nextWeek"), ago: timePattern("ago"), lastWeekday: timePattern("lastWeekday"), onWeekday: timePattern("onWeekday"),
};
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

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
  const named = RULES.namedYear.exec(t);
  if (named) return named[1];
  if (RULES.yesterday.test(t)) return formatDate(said - DAY);
  if (RULES.today.test(t)) return formatDate(said);
  if (RULES.lastNight.test(t)) return formatDate(said - DAY);
  if (RULES.lastWeek.test(t)) return `the week before ${formatDate(said)}`;
  if (RULES.lastWeekend.test(t)) return `the weekend before ${formatDate(said)}`;
  if (RULES.lastMonth.test(t)) return MONTHS[(d.getUTCMonth() + 11) % 12] + ` ${d.getUTCMonth() === 0 ? year - 1 : year}`;
  if (RULES.lastYear.test(t)) return String(year - 1);
  if (RULES.nextMonth.test(t)) return MONTHS[(d.getUTCMonth() + 1) % 12] + ` ${d.getUTCMonth() === 11 ? year + 1 : year}`;
  if (RULES.nextWeek.test(t)) return `the week after ${formatDate(said)}`;
  const ago = RULES.ago.exec(t);
  if (ago) {
    const words: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6 };
    const n = words[ago[1]] ?? Number(ago[1]);
    if (ago[2] === "year") return String(year - n);
    const days = ago[2] === "day" ? n : ago[2] === "week" ? 7 * n : 30 * n;
    return formatDate(said - days * DAY);
  }
  const wd = RULES.lastWeekday.exec(t);
  if (wd) return `the ${wd[1]} before ${formatDate(said)}`;
  if (RULES.onWeekday.test(t)) return `the week of ${formatDate(said)}`;
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
