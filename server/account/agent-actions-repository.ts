/**
 * The call-centre audit: every action an agent takes for a customer, under
 * the agent's own id, so "who did this" has an answer even when the agent
 * used the customer's session. Every line of SQL on agent_actions. Each
 * method runs on the transaction it is given (`trx`), or on its own when it
 * is given none.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

export interface AgentAction {
  agentId: number;
  /** The call name, e.g. 'login-as-customer'. */
  action: string;
  customerId: number | null;
  details?: Record<string, string | number | boolean | null>;
  now?: Date;
}

export function createAgentActionsRepository(db: Kysely<Database>) {
  return {
    /** Records what an agent did for a customer. */
    async record(action: AgentAction, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .insertInto('agent_actions')
        .values({
          agent_id: action.agentId,
          action: action.action,
          customer_id: action.customerId,
          details: JSON.stringify(action.details ?? {}),
          created_at: (action.now ?? new Date()).toISOString(),
        })
        .execute();
    },

    /** When an agent holds this customer session, records what it did (a customer's own session records nothing). */
    async recordIfActing(
      session: { id: number; acting_user_id: number | null },
      action: string,
      details?: AgentAction['details'],
      trx: Kysely<Database> = db,
    ): Promise<void> {
      if (session.acting_user_id === null) return;
      await this.record({ agentId: session.acting_user_id, action, customerId: session.id, ...(details ? { details } : {}) }, trx);
    },

    // Methods go above this line.
  };
}

export type AgentActionsRepository = ReturnType<typeof createAgentActionsRepository>;

/** Who to record as the author of a write made with this session: the acting agent, else the user (e.g. wallet_transactions.created_by). */
export function actorIdOf(session: { id: number; acting_user_id: number | null }): number {
  return session.acting_user_id ?? session.id;
}
