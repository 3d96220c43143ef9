/**
 * Escalation rules (issue 25 item 3, docs/API.md "Alert escalation"): the administrator's list, create, replace
 * and delete. Answers and bodies are the domain's (`@panel/domain/alerts`), types only.
 */
import type { EscalationRule, EscalationRuleList } from '@panel/domain/alerts';
import { api } from './client';

export interface EscalationRuleInput {
  categoryId: number | null;
  baseId: number | null;
  t1: number;
  t2: number;
  t3: number;
  enabled: boolean;
  smsNumbers: string[];
}

const url = '/v2/alerts/escalation-rules';

export const escalationApi = {
  list: (signal?: AbortSignal) => api.get<EscalationRuleList>(url, { signal }),
  create: (body: EscalationRuleInput) => api.post<EscalationRule>(url, body),
  replace: (id: number, body: EscalationRuleInput) => api.put<EscalationRule>(`${url}/${id}`, body),
  remove: (id: number) => api.del<{ result: true }>(`${url}/${id}`),
};
