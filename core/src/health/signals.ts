import { type DayActivity, dayOf, type SignalId } from './activity.js';
import { dayOffset, localHourOf } from './local-hour.js';

/** How one signal is defined: its window, threshold, extra conditions, the words and the source. */
export interface SignalDefinition {
  id: SignalId;
  /** UTC days the signal looks at: today and the days before it. */
  windowDays: number;
  /** The value at or past which the signal is active (with the definition's other conditions). */
  threshold: number;
  /** What it measures and when it is active, in one paragraph. */
  definition: string;
  /** A citation for why it matters, and plainly whose choice the threshold is. */
  source: string;
}

const choice = 'The threshold is the Limbic project’s choice; no published cut-off exists for it.';

/** Late-night messaging: fewest messages between 00:00 and 05:00 local time in the window. */
export const minNightMessages = 10;
/** Rising volume: least mean messages a day in the last 7 days. */
export const minDailyVolume = 30;
/** Rising volume: fewest days of the person's history before the last 7 that the comparison needs. */
export const minBaselineDays = 7;
/** Sustained hostility: least share of the person's messages in the window that are hostile. */
export const minHostileShare = 0.1;

/** Every signal, in the order answers list them (docs/relationship-health.md). */
export const signalDefinitions: Readonly<Record<SignalId, SignalDefinition>> = {
  late_night: {
    id: 'late_night',
    windowDays: 14,
    threshold: 0.3,
    definition:
      'Share of the person’s messages of the last 14 days sent between 00:00 and 05:00 in the session’s time ' +
      `zone; active at 0.3 or more, once at least ${minNightMessages} of them were sent in those hours.`,
    source:
      'Night-time phone use goes with shorter sleep (Rod et al. 2018, PLOS ONE 13(10): e0204811) and, through ' +
      `sleep difficulties, with depressive symptoms in adolescents (Lemola et al. 2015, J Youth Adolesc 44). ${choice}`,
  },
  rising_volume: {
    id: 'rising_volume',
    windowDays: 28,
    threshold: 2,
    definition:
      'Mean messages a day in the last 7 days divided by the mean of the up to 21 days before them (at least 1 a ' +
      `day); active at 2 or more when the last 7 days average at least ${minDailyVolume} messages a day and the ` +
      `person’s history reaches at least ${minBaselineDays} days before them.`,
    source:
      'Heavier daily chatbot use went with more loneliness, emotional dependence and problematic use in a 4-week ' +
      `randomized study (Fang et al. 2025, arXiv:2503.17473; Phang et al. 2025, arXiv:2504.03888). ${choice}`,
  },
  sustained_hostility: {
    id: 'sustained_hostility',
    windowDays: 7,
    threshold: 3,
    definition:
      'Number of the last 7 days on which the person sent at least one message hostile to the character (an insult, ' +
      'a threat, contempt aimed at it); active at 3 days or more when hostile messages are at least ' +
      `${minHostileShare * 100}% of their messages in those days.`,
    source: choice,
  },
  repeated_distress: {
    id: 'repeated_distress',
    windowDays: 7,
    threshold: 3,
    definition:
      'Number of the person’s messages in the last 7 days that express their own sadness, fear, anxiety, guilt or ' +
      'shame; active at 3 or more. While it is active, prompt_data asks the character to encourage real-world support.',
    source:
      'California SB 243 (2025) requires companion chatbots to refer users who express suicidal ideation to crisis ' +
      `services; this signal is broader and earlier, and is no suicide-risk assessment. ${choice}`,
  },
};

/** A signal's reading at one time: its value and whether it is active. */
export interface SignalReading {
  id: SignalId;
  active: boolean;
  value: number;
}

/** The index of the first of `days` on or after `first` (a UTC day). */
function since(days: readonly DayActivity[], first: number): number {
  let i = days.length;
  while (i > 0 && days[i - 1]!.day >= first) i--;
  return i;
}

/** Messages of a day sent between 00:00 and 05:00 local time. */
function nightMessages(d: DayActivity, timeZone: string): number {
  const h = d.hours;
  if (timeZone === 'UTC') return h[0]! + h[1]! + h[2]! + h[3]! + h[4]!;
  const offset = dayOffset(d.day, timeZone);
  let night = 0;
  for (let hour = 0; hour < 24; hour++) if (h[hour]! > 0 && localHourOf(hour, offset) < 5) night += h[hour]!;
  return night;
}

function lateNight(days: readonly DayActivity[], today: number, timeZone: string): SignalReading {
  let total = 0;
  let night = 0;
  for (let i = since(days, today - signalDefinitions.late_night.windowDays + 1); i < days.length; i++) {
    const d = days[i]!;
    total += d.messages;
    night += nightMessages(d, timeZone);
  }
  const value = total === 0 ? 0 : night / total;
  const active = night >= minNightMessages && value >= signalDefinitions.late_night.threshold;
  return { id: 'late_night', active, value };
}

function risingVolume(days: readonly DayActivity[], today: number): SignalReading {
  const recentFrom = today - 6;
  const baseFrom = Math.max(today - signalDefinitions.rising_volume.windowDays + 1, days[0]?.day ?? today);
  let recent = 0;
  let base = 0;
  for (let i = since(days, baseFrom); i < days.length; i++) {
    const d = days[i]!;
    if (d.day >= recentFrom) recent += d.messages;
    else base += d.messages;
  }
  const baseDays = recentFrom - baseFrom;
  const mean = recent / 7;
  const value = baseDays > 0 ? mean / Math.max(base / baseDays, 1) : 0;
  const active =
    baseDays >= minBaselineDays &&
    mean >= minDailyVolume &&
    value >= signalDefinitions.rising_volume.threshold;
  return { id: 'rising_volume', active, value };
}

function hostility(days: readonly DayActivity[], today: number): SignalReading {
  let messages = 0;
  let hostile = 0;
  let value = 0;
  for (
    let i = since(days, today - signalDefinitions.sustained_hostility.windowDays + 1);
    i < days.length;
    i++
  ) {
    const d = days[i]!;
    messages += d.messages;
    hostile += d.hostile;
    if (d.hostile > 0) value++;
  }
  const active =
    value >= signalDefinitions.sustained_hostility.threshold && hostile >= minHostileShare * messages;
  return { id: 'sustained_hostility', active, value };
}

function distress(days: readonly DayActivity[], today: number): SignalReading {
  let value = 0;
  for (
    let i = since(days, today - signalDefinitions.repeated_distress.windowDays + 1);
    i < days.length;
    i++
  ) {
    value += days[i]!.distress;
  }
  return { id: 'repeated_distress', active: value >= signalDefinitions.repeated_distress.threshold, value };
}

/**
 * Every signal of a person's history at engine time `now`, in {@link signalDefinitions}' order. Days are UTC days;
 * the late-night share reads each UTC hour's messages at their local hour in `timeZone` (an IANA name).
 */
export function readSignals(days: readonly DayActivity[], now: number, timeZone: string): SignalReading[] {
  const today = dayOf(now);
  return [
    lateNight(days, today, timeZone),
    risingVolume(days, today),
    hostility(days, today),
    distress(days, today),
  ];
}
