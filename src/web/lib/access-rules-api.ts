/**
 * A sitting's access rules for staff (contract/access-rules.ts), for a challenge or an exam:
 * `path` is challengeAccessRulesPath(id) or examAccessRulesPath(code). Shared by the challenge and
 * exam lists, which both offer the rules' dialog (ui/access-rules-dialog.tsx).
 */
import {
  accessRulesViewSchema,
  type AccessRulesRequest,
  type AccessRulesView,
} from '../../contract/access-rules.ts';
import { apiRequest } from './api-client.ts';

export function readAccessRules(token: string, path: string): Promise<AccessRulesView> {
  return apiRequest(path, { token, schema: accessRulesViewSchema });
}

export function saveAccessRules(
  token: string,
  path: string,
  body: AccessRulesRequest,
): Promise<AccessRulesView> {
  return apiRequest(path, { method: 'PUT', body, token, schema: accessRulesViewSchema });
}
