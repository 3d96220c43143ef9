/** Czech answers of /metrics on the main port (the house `{message}`). */
export const metricsTexts = {
  notHere: 'Metriky nejsou na tomto portu k dispozici.',
  unauthorized: 'Metriky vyžadují platný token (Authorization: Bearer).',
};
