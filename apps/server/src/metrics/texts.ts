/**
 * Czech answers of /metrics on the main port (the house `{message}`). Without METRICS_TOKEN it is the plain 404 of
 * any unknown path (serverTexts.notFound): a stranger learns nothing about where the metrics are.
 */
export const metricsTexts = {
  unauthorized: 'Metriky vyžadují platný token (Authorization: Bearer).',
};
