import { describe, expect, it } from 'vitest';
import pt from './pt.json';

type Catalogue = { [key: string]: string | Catalogue };

function entries(catalogue: Catalogue, prefix = ''): [string, string][] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : entries(value, `${prefix}${key}.`),
  );
}

/**
 * Our Portuguese market is Brazil: European Portuguese words read as foreign there (a withdrawal is a
 * "saque", not a "levantamento"; a phone a "celular", not a "telemóvel").
 */
const EUROPEAN_PORTUGUESE =
  /\b(levant\w*|registo\w*|registad\w*|telemóve\w*|ecrã\w*|introduz\w*|introduza|bónus|prémio\w*|ronda\w*|cêntimo\w*|montante\w*|comprovativo\w*|utilizador\w*|equipa|ficheiro\w*|apoio|de momento|a (enviar|calcular|atualizar|carregar|analisar|jogar|ser analisad\w*))\b/iu;

describe('the Portuguese catalogue is Brazilian Portuguese', () => {
  it('has no European Portuguese word', () => {
    const european = entries(pt as Catalogue).filter(([, text]) => EUROPEAN_PORTUGUESE.test(text));
    expect(european).toEqual([]);
  });
});
