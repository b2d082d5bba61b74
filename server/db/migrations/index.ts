/**
 * The list of migrations, in order. Append-only: add a new file and a new line;
 * never rename or edit one that has run somewhere.
 */
import type { Migration } from 'kysely';
import * as initial from './0001-initial.ts';
import * as pages from './0002-pages.ts';
import * as storeDiscovery from './0003-store-discovery.ts';
import * as catalogVersions from './0004-catalog-versions.ts';
import * as accounts from './0005-accounts.ts';
import * as ordering from './0006-ordering.ts';
import * as orderRatings from './0007-order-ratings.ts';
import * as drivers from './0008-drivers.ts';
import * as adminAudit from './0009-admin-audit.ts';
import * as adminConsole from './0010-console.ts';
import * as storeContact from './0011-store-contact.ts';
import * as signInAttempts from './0012-sign-in-attempts.ts';
import * as idempotencyLease from './0013-idempotency-lease.ts';
import * as uploads from './0014-uploads.ts';
import * as catalogueTranslations from './0015-catalogue-translations.ts';
import * as clusterJobRuns from './0016-cluster-job-runs.ts';
import * as foodReady from './0017-food-ready.ts';

export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-pages': pages,
  '0003-store-discovery': storeDiscovery,
  '0004-catalog-versions': catalogVersions,
  '0005-accounts': accounts,
  '0006-ordering': ordering,
  '0007-order-ratings': orderRatings,
  '0008-drivers': drivers,
  '0009-admin-audit': adminAudit,
  '0010-console': adminConsole,
  '0011-store-contact': storeContact,
  '0012-sign-in-attempts': signInAttempts,
  '0013-idempotency-lease': idempotencyLease,
  '0014-uploads': uploads,
  '0015-catalogue-translations': catalogueTranslations,
  '0016-cluster-job-runs': clusterJobRuns,
  '0017-food-ready': foodReady,
};
