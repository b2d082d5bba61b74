/**
 * admin/bump-version: raises one number of /version.json (spec §4) with its
 * audit row, in one transaction, as server/cli/bump-version.ts does from a
 * shell. Settings: every app refetches its settings on its next load; cache:
 * every app clears its storage and caches and reloads.
 */
import type { FastifyInstance } from 'fastify';
import type { VersionInfo } from '../../../src/api/entities.ts';
import type { VersionKind } from '../../settings/versions-repository.ts';
import type { SessionUser } from '../../account/users-repository.ts';

export async function bumpVersionAudited(app: FastifyInstance, user: SessionUser, kind: VersionKind): Promise<VersionInfo> {
  await app.db.transaction().execute(async (trx) => {
    const version = await app.versionsRepository.bumpVersion(kind, trx);
    await app.auditRepository.record({ userId: user.id, role: user.role, action: 'admin/bump-version', entity: 'versions', entityId: kind, details: { kind, version } }, trx);
  });
  return app.versionsRepository.get();
}
