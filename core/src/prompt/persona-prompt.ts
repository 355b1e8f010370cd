import { facetsByDomain } from '../persona/hexaco.js';
import type { ResolvedPersona } from '../persona/persona.js';
import { type CompiledLocale, compiledLocales } from './compiled-locale.js';
import { resolveLocale, toLanguageDirective } from './language.js';
import { round2, toBand, traitDomains, traitNames } from './levels.js';
import type { LocaleTable } from './locale-table.js';
import type { PromptIdentity, PromptLocale, PromptSystem, PromptTrait, TraitName } from './prompt-data.js';
import { toSingleLine } from './text.js';

/** A facet at least this far from its domain score sharpens the trait's wording. */
const facetDeviation = 0.25;

/** Everything in prompt_data that depends only on the persona, built once per persona object. */
export interface PersonaPrompt {
  locale: PromptLocale;
  text: CompiledLocale;
  /** Frozen: shared by every turn of the persona. */
  system: PromptSystem;
  systemPrompt: string;
  languageDirective: string;
  /** The instruction block up to the stage instruction's text: header, language line and stage label. */
  instructionHead: string;
}

function toTrait(persona: ResolvedPersona, t: LocaleTable, trait: TraitName): PromptTrait {
  const domain = traitDomains[trait];
  const value = persona.personality[domain];
  const band = toBand(value);
  const phrases: string[] = [];
  for (const facet of facetsByDomain[domain]) {
    const diff = persona.personality.facets[facet] - value;
    if (Math.abs(diff) >= facetDeviation) phrases.push(t.facets[facet][diff > 0 ? 1 : 0]);
  }
  const base = t.traits[trait].behaviors[band];
  return Object.freeze({
    value: round2(value),
    level: t.traitLevels[band],
    behavior: phrases.length === 0 ? base : t.grammar.withFacets(base, phrases),
  });
}

function toSystemPrompt(persona: ResolvedPersona, t: LocaleTable, system: PromptSystem): string {
  const { labels, grammar } = t;
  const { identity } = system;
  const lines = [grammar.intro(toSingleLine(identity.name))];
  if (identity.role !== null) lines.push(labels.role + toSingleLine(identity.role));
  const description = toSingleLine(persona.description);
  if (description !== '') lines.push(labels.description + description);
  if (identity.core_values.length > 0) {
    lines.push(labels.values + identity.core_values.map(toSingleLine).join(labels.separator));
  }
  if (identity.speaking_style !== null)
    lines.push(labels.speakingStyle + toSingleLine(identity.speaking_style));
  lines.push(labels.personality);
  for (const trait of traitNames) {
    const { level, behavior } = system.traits[trait];
    lines.push(grammar.trait(t.traits[trait].name, level, behavior));
  }
  if (system.goals.length > 0) {
    lines.push(labels.goals);
    for (const goal of system.goals) lines.push(`- ${toSingleLine(goal)}`);
  }
  return lines.join('\n');
}

function build(persona: ResolvedPersona): PersonaPrompt {
  const locale = resolveLocale(persona.identity.language);
  const text = compiledLocales[locale];
  const t = text.table;
  const identity: PromptIdentity = Object.freeze({
    name: persona.identity.name,
    role: persona.identity.role ?? null,
    core_values: Object.freeze([...persona.identity.core_values]),
    speaking_style: persona.identity.speaking_style ?? null,
  });
  const traits = Object.freeze(
    Object.fromEntries(traitNames.map((trait) => [trait, toTrait(persona, t, trait)])) as Record<
      TraitName,
      PromptTrait
    >,
  );
  const system: PromptSystem = Object.freeze({ identity, traits, goals: Object.freeze([...persona.goals]) });
  const languageDirective = toLanguageDirective(persona.identity.language, t.languageDirective);
  const { labels } = t;
  return {
    locale,
    text,
    system,
    systemPrompt: toSystemPrompt(persona, t, system),
    languageDirective,
    instructionHead: `${labels.header}\n${labels.language}${languageDirective}\n${labels.stageInstruction}`,
  };
}

// Personas are immutable once resolved, so the object itself is the cache key.
const cache = new WeakMap<ResolvedPersona, PersonaPrompt>();

/** The persona-only part of prompt_data for `persona`, built on first use and then reused. */
export function toPersonaPrompt(persona: ResolvedPersona): PersonaPrompt {
  let entry = cache.get(persona);
  if (entry === undefined) {
    entry = build(persona);
    cache.set(persona, entry);
  }
  return entry;
}
