/**
 * Wires the order lifecycle into the app: an order's step stores the
 * customer's alert inside the move's transaction (lifecycle-alerts.ts), and
 * its push leaves once the dispatcher drains, which a step kicks here (the
 * dispatcher's own delays wait for the commit), so the phone buzzes at once
 * rather than at the next periodic sweep. A driver's position alone alerts
 * no one and kicks nothing, and neither does another process's step
 * (order-events-bus.ts): the process that made it kicks its own dispatcher.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { orderEvents } from './order-events.ts';

async function orderLifecyclePlugin(app: FastifyInstance): Promise<void> {
  const stop = orderEvents.onAnyChange((_orderId, change, source) => {
    if (change === 'step' && source !== 'remote') app.pushDispatcher.kick();
  });
  app.addHook('onClose', async () => {
    stop();
  });
}

export default fp(orderLifecyclePlugin, { name: 'order-lifecycle', dependencies: ['accounts'] });
