/** Small shared types of the run cards that are not wire schemas. */
export type EtaSourceLike = 'route' | 'estimate';
