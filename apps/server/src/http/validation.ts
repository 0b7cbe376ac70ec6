import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { withCleanText } from '@app/contracts/text-rules';

/**
 * The route schemas' validator with the contracts' text rule in front of every request part: no text
 * field of any route holds a control character (NUL reached PostgreSQL and answered 500). Bodies may
 * hold line breaks; query strings and path parameters may not.
 */
export const validatorWithTextRule: FastifySchemaCompiler<z.ZodType> = (route) =>
  validatorCompiler({
    ...route,
    schema: withCleanText(route.schema, route.httpPart === 'body' ? 'multiline' : 'line'),
  });
