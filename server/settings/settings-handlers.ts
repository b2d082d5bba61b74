/**
 * What the app reads before anything else (spec §4): settings, languages with
 * their texts, popular locations and content pages.
 */
import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/http-error.ts';
import type { CallHandlers } from '../http/call-handler.ts';

export function createSettingsHandlers(
  app: FastifyInstance,
): Pick<CallHandlers, 'get-settings' | 'get-all-languages' | 'get-single-language' | 'popular-geo-locations' | 'get-pages' | 'get-single-page'> {
  return {
    'get-settings': async () => app.settingsRepository.list(),

    'get-all-languages': async () => app.languagesRepository.list(),

    'get-single-language': async ({ id }) => {
      const language = await app.languagesRepository.findWithData(id);
      if (!language) throw notFound(`There is no language with id ${id}.`);
      return language;
    },

    'popular-geo-locations': async () => app.popularLocationsRepository.list(),

    'get-pages': async () => app.pagesRepository.list(),

    'get-single-page': async ({ slug }) => {
      const page = await app.pagesRepository.findBySlug(slug);
      if (!page) throw notFound(`There is no page '${slug}'.`);
      return page;
    },
  };
}
