/** One row of the call table. Calls with path parameters also say where they live and what the parameters are. */
import type { TSchema } from '@sinclair/typebox';
import type { CallAccess } from './call-access.ts';

export interface CallDefinition {
  summary: string;
  /** Who may make it, checked by the server before the call runs (call-access.ts). */
  access: CallAccess;
  body: TSchema;
  response: TSchema;
  /** The path after /public/api/ with `:name` parameters; the call's name when absent. */
  path?: string;
  params?: TSchema;
}
