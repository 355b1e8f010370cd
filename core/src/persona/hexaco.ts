/**
 * The six HEXACO domains under the interface's keys. The interface names the Emotionality domain `N` (as in
 * neuroticism); Limbic reads it as HEXACO Emotionality, which is close to but not the same as Big Five neuroticism.
 */
export const domains = ['O', 'C', 'E', 'A', 'N', 'H'] as const;

/** A HEXACO domain key. */
export type Domain = (typeof domains)[number];

/**
 * The 24 HEXACO-PI-R facets, four per domain (Lee & Ashton, HEXACO-PI-R scoring keys), as snake_case keys.
 */
export const facetsByDomain = {
  H: ['sincerity', 'fairness', 'greed_avoidance', 'modesty'],
  N: ['fearfulness', 'anxiety', 'dependence', 'sentimentality'],
  E: ['social_self_esteem', 'social_boldness', 'sociability', 'liveliness'],
  A: ['forgivingness', 'gentleness', 'flexibility', 'patience'],
  C: ['organization', 'diligence', 'perfectionism', 'prudence'],
  O: ['aesthetic_appreciation', 'inquisitiveness', 'creativity', 'unconventionality'],
} as const satisfies Record<Domain, readonly string[]>;

/** A HEXACO facet key, e.g. `forgivingness`. */
export type Facet = (typeof facetsByDomain)[Domain][number];

/** All 24 facet keys. */
export const facets: readonly Facet[] = domains.flatMap((d) => facetsByDomain[d]);

/** The domain each facet belongs to. */
export const domainOfFacet = Object.fromEntries(
  domains.flatMap((d) => facetsByDomain[d].map((f) => [f, d])),
) as Record<Facet, Domain>;
