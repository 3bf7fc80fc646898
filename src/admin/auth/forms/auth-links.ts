import { useLocation } from 'react-router-dom';
import { chosenAgentCode } from '@api/modules/session.js';

/**
 * Links between the /user pages keep the `agent` query parameter, so a visitor who came
 * through an agent's link stays in that agent's tenant.
 */
export function useAuthLink() {
  const { search } = useLocation();
  return (path: string, extra: Record<string, string> = {}) => {
    const params = new URLSearchParams();
    const agent = chosenAgentCode(search);
    if (agent) params.set('agent', agent);
    for (const [key, value] of Object.entries(extra)) params.set(key, value);
    const query = params.toString();
    return query ? `${path}?${query}` : path;
  };
}

/**
 * The agent chosen by this page's `agent` parameter or earlier in the browser session; sent
 * with login, register and SMS.
 */
export function useAgentCode(): string | undefined {
  return chosenAgentCode(useLocation().search);
}
