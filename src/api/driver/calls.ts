/**
 * The driver area's calls (spec §7 driver endpoints). The moves themselves
 * (accept-to-deliver, pickedup-order, deliver-order) and the single GPS fix
 * live with the order lifecycle in orders/calls.ts. Drivers only: any other
 * role gets 403 FORBIDDEN. Spread into the one call table in calls.ts.
 */
import * as Type from '@sinclair/typebox';
import { LoginResultSchema } from '../account/entities.ts';
import {
  DRIVER_ACTIONS_BATCH_MAX,
  DRIVER_BATCH_CALLS,
  DRIVER_COMPLETED_PAGE_MAX,
  DriverActionResultsSchema,
  DRIVER_GPS_BATCH_MAX,
  DriverCompletedOrdersSchema,
  DriverFixInputSchema,
  DriverFixesSavedSchema,
  DriverOrderSchema,
  DriverOrdersSchema,
  DriverProfileSchema,
} from './entities.ts';

const strict = { additionalProperties: false } as const;
const Token = Type.Optional(Type.String({ minLength: 1, maxLength: 200 }));
const UniqueOrderId = Type.String({ minLength: 1, maxLength: 64 });
const ActedAt = Type.Optional(
  Type.String({ maxLength: 40, pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:?\\d{2})$' }),
);
const driversOnly = 'Drivers only (FORBIDDEN otherwise).';

export const driverCalls = {
  'delivery/login': {
    access: 'anyone',
    summary:
      'A driver signs in with e-mail (or phone) and password; answers the user and a new auth_token. Any other account is refused ' +
      'as a wrong password is (WRONG_PASSWORD 401, counted as a wrong try), a banned driver gets ACCOUNT_BANNED. Locked and rate limited like login.',
    body: Type.Object(
      {
        email: Type.Optional(Type.String({ maxLength: 254 })),
        phone: Type.Optional(Type.String({ maxLength: 32 })),
        password: Type.String({ minLength: 1, maxLength: 200 }),
      },
      strict,
    ),
    response: LoginResultSchema,
  },
  'delivery/update-user-info': {
    access: 'driver',
    summary: `The driver's profile now: on or off duty, orders held and completed, wallet, earnings, cash in hand, linked stores. ${driversOnly}`,
    body: Type.Object({ token: Token }, strict),
    response: DriverProfileSchema,
  },
  'toggle-delivery-guy-status': {
    access: 'driver',
    summary:
      'Goes on duty (is_online true) or off duty; without is_online it flips. acted_at is when the driver switched, for a toggle queued ' +
      'offline: one older than the last change changes nothing, so a late replay never undoes a newer switch. Going off duty with orders ' +
      `still held is allowed (they stay theirs). ${driversOnly}`,
    body: Type.Object({ token: Token, is_online: Type.Optional(Type.Boolean()), acted_at: ActedAt }, strict),
    response: DriverProfileSchema,
  },
  'get-delivery-orders': {
    access: 'driver',
    summary:
      "New orders (delivery orders of the driver's linked stores that the store is preparing and no driver has; none while off duty) and " +
      `the driver's own orders on the way. ${driversOnly}`,
    body: Type.Object({ token: Token }, strict),
    response: DriverOrdersSchema,
  },
  'get-single-delivery-order': {
    access: 'driver',
    summary:
      "One order the driver may see: offered to them (their store, no driver yet) or theirs in any state. NOT_FOUND otherwise. The customer's " +
      `name and phone only once it is theirs. ${driversOnly}`,
    body: Type.Object({ token: Token, unique_order_id: UniqueOrderId }, strict),
    response: DriverOrderSchema,
  },
  'get-completed-orders': {
    access: 'driver',
    summary: `The orders the driver delivered, newest first, paged with before (the previous answer's next_before). ${driversOnly}`,
    body: Type.Object(
      {
        token: Token,
        before: Type.Optional(Type.Integer({ minimum: 1 })),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: DRIVER_COMPLETED_PAGE_MAX })),
      },
      strict,
    ),
    response: DriverCompletedOrdersSchema,
  },
  'set-delivery-guy-gps-locations': {
    access: 'driver',
    summary:
      `A batch of fixes taken while offline (1 to ${DRIVER_GPS_BATCH_MAX}), in any order: each is kept in the driver's track, the newest ` +
      `becomes their position unless a newer one is stored already. A replayed batch records nothing twice. ${driversOnly}`,
    body: Type.Object(
      { token: Token, points: Type.Array(DriverFixInputSchema, { minItems: 1, maxItems: DRIVER_GPS_BATCH_MAX }) },
      strict,
    ),
    response: DriverFixesSavedSchema,
  },
  'driver-actions': {
    access: 'driver',
    summary:
      `Several queued steps of the driver at once (1 to ${DRIVER_ACTIONS_BATCH_MAX}), in the order they were taken: each runs exactly as its own ` +
      'call would, with its own Idempotency-Key (key), so a step already applied answers its first answer again and changes nothing. ' +
      'Runs stop after the first answer that asks to try again later (5xx, 429, IDEMPOTENCY_IN_PROGRESS); a refusal (4xx) is final and the ' +
      `next step runs. Calls: ${DRIVER_BATCH_CALLS.join(', ')}. ${driversOnly}`,
    body: Type.Object(
      {
        token: Token,
        actions: Type.Array(
          Type.Object(
            {
              key: Type.String({ minLength: 8, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }),
              call: Type.Union(DRIVER_BATCH_CALLS.map((call) => Type.Literal(call))),
              // The step's own body, checked by its own call's schema when it runs.
              body: Type.Object({}, { additionalProperties: true }),
            },
            strict,
          ),
          { minItems: 1, maxItems: DRIVER_ACTIONS_BATCH_MAX },
        ),
      },
      strict,
    ),
    response: DriverActionResultsSchema,
  },
} as const;
