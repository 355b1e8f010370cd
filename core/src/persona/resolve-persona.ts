import { LimbicError, toValidationError, type ValidationIssue } from '../errors.js';
import type { Validated } from '../util/validation.js';
import { type Domain, domains, type Facet, facetsByDomain } from './hexaco.js';
import type { EmotionConfigInput, Identity, PersonaDefinition, ResolvedPersona } from './persona.js';
import { validatePersonaShape } from './persona-schema.js';
import { translatedPresetDetails, translatedPresetIdentity } from './preset-translations.js';
import { getPreset, type PresetDefinition, presetIds } from './presets.js';

type Checked =
  | { ok: true; definition: PersonaDefinition; preset: PresetDefinition | undefined }
  | { ok: false; issues: ValidationIssue[]; unknownPreset?: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const requiredPersonality = 'is required when no preset is given';
const requiredDomain = 'is required (give the domain or any of its facets)';

// A custom persona needs every domain, given directly or through any of its facets.
function missingDomains(personality: unknown): ValidationIssue[] {
  if (personality === undefined) return [{ path: 'personality', message: requiredPersonality }];
  if (!isRecord(personality)) return [];
  const given = isRecord(personality.facets) ? personality.facets : {};
  return domains
    .filter((d) => personality[d] === undefined && facetsByDomain[d].every((f) => given[f] === undefined))
    .map((d) => ({ path: `personality.${d}`, message: requiredDomain }));
}

function unknownPresetMessage(id: string): string {
  return `Unknown preset "${id}"; known presets: ${presetIds.join(', ')}`;
}

// One pass over the raw input: schema issues, the preset lookup and the missing domains are all collected.
function check(input: unknown): Checked {
  const shape = validatePersonaShape(input);
  const issues = shape.ok ? [] : [...shape.issues];
  if (!isRecord(input)) return { ok: false, issues };
  let preset: PresetDefinition | undefined;
  let unknownPreset: string | undefined;
  if (input.preset === undefined) {
    issues.push(...missingDomains(input.personality));
  } else if (typeof input.preset === 'string' && input.preset !== '') {
    preset = getPreset(input.preset);
    if (!preset) {
      unknownPreset = input.preset;
      issues.push({ path: 'preset', message: `is not a known preset (known: ${presetIds.join(', ')})` });
    }
  }
  if (shape.ok && issues.length === 0) return { ok: true, definition: shape.value, preset };
  return unknownPreset === undefined ? { ok: false, issues } : { ok: false, issues, unknownPreset };
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

function resolvePersonality(definition: PersonaDefinition, preset: PresetDefinition | undefined) {
  const custom = definition.personality ?? {};
  const customFacets = custom.facets ?? {};
  const presetFacets = preset?.personality.facets ?? {};
  const resolved = {} as Record<Domain, number>;
  const resolvedFacets = {} as Record<Facet, number>;
  for (const d of domains) {
    const own = facetsByDomain[d].flatMap((f) => customFacets[f] ?? []);
    const explicit = custom[d];
    // A domain the user sets describes a different person than the preset, so the preset's facets go with it.
    const inherited: Partial<Record<Facet, number>> = explicit === undefined ? presetFacets : {};
    const value = explicit ?? preset?.personality[d] ?? mean(own);
    resolved[d] = value;
    for (const f of facetsByDomain[d]) resolvedFacets[f] = customFacets[f] ?? inherited[f] ?? value;
  }
  return { ...resolved, facets: resolvedFacets };
}

function resolveIdentity(definition: PersonaDefinition, preset: PresetDefinition | undefined) {
  const custom: Identity = definition.identity ?? {};
  const language = custom.language ?? preset?.identity.language ?? 'en';
  // A preset asked for in Spanish or Japanese speaks it: its identity strings are translated (docs/persona.md).
  const base = preset && (translatedPresetIdentity(preset, language) ?? preset.identity);
  const identity: ResolvedPersona['identity'] = {
    name: custom.name ?? base?.name ?? 'Persona',
    language,
    core_values: [...(custom.core_values ?? base?.core_values ?? [])],
  };
  const role = custom.role ?? base?.role;
  const speakingStyle = custom.speaking_style ?? base?.speaking_style;
  if (role !== undefined) identity.role = role;
  if (speakingStyle !== undefined) identity.speaking_style = speakingStyle;
  return identity;
}

function resolveEmotionConfig(definition: PersonaDefinition, preset: PresetDefinition | undefined) {
  // Field by field, custom over preset; the baseline is one field, copied whole.
  const merged: EmotionConfigInput = { ...preset?.emotion_config, ...definition.emotion_config };
  if (merged.baseline) merged.baseline = { ...merged.baseline };
  return merged;
}

function resolve(definition: PersonaDefinition, preset: PresetDefinition | undefined): ResolvedPersona {
  const identity = resolveIdentity(definition, preset);
  const translated = preset && translatedPresetDetails(preset, identity.language);
  const generated =
    identity.role === undefined ? `${identity.name}, a custom persona` : `${identity.name}, ${identity.role}`;
  return {
    preset: preset?.id ?? null,
    description: definition.description ?? translated?.description ?? preset?.description ?? generated,
    identity,
    personality: resolvePersonality(definition, preset),
    goals: [...(definition.goals ?? translated?.goals ?? preset?.goals ?? [])],
    emotion_config: resolveEmotionConfig(definition, preset),
  };
}

/**
 * Validates an untrusted persona definition and resolves it, returning every issue instead of throwing:
 * schema problems, an unknown preset and each missing personality domain, all found in one pass.
 * @example
 * const result = validatePersona({ preset: 'stoic_mentor', identity: { name: 'Marcus' } });
 * if (!result.ok) console.log(result.issues); // [{ path, message }]
 */
export function validatePersona(input: unknown): Validated<ResolvedPersona> {
  const checked = check(input);
  return checked.ok
    ? { ok: true, value: resolve(checked.definition, checked.preset) }
    : { ok: false, issues: checked.issues };
}

/**
 * Resolves a persona definition into a {@link ResolvedPersona}: merges it over its preset (custom wins field
 * by field; goals and baseline replaced whole), derives missing domains from their facets, fills every facet.
 * @throws LimbicError INVALID_PRESET when `preset` names no built-in preset, otherwise VALIDATION_ERROR
 * listing every issue, e.g. `personality.O: must be a number in [0, 1] (got 1.4)`.
 * @example
 * const persona = resolvePersona({ preset: 'cheerful_companion', personality: { N: 0.6 } });
 */
export function resolvePersona(input: unknown): ResolvedPersona {
  const checked = check(input);
  if (checked.ok) return resolve(checked.definition, checked.preset);
  if (checked.unknownPreset !== undefined) {
    throw new LimbicError('INVALID_PRESET', unknownPresetMessage(checked.unknownPreset), {
      issues: checked.issues,
    });
  }
  throw toValidationError('persona', checked.issues);
}
