/**
 * Notes when this process last wrote to the database (any statement that is
 * not a SELECT), as a Kysely plugin on app.db. The nearby engine reads the
 * catalogue version before answering while a local write is recent, so a
 * client that writes and then reads through this server sees its own write
 * at once, even where the version is otherwise polled (PostgreSQL).
 */
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

export class WriteWatcher implements KyselyPlugin {
  /** Date.now() of the last write this process started or finished. */
  lastWriteAt = 0;
  readonly #writes = new WeakSet<object>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (args.node.kind !== 'SelectQueryNode') {
      this.#writes.add(args.queryId);
      this.lastWriteAt = Date.now();
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#writes.has(args.queryId)) this.lastWriteAt = Date.now();
    return args.result;
  }
}
