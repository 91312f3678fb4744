// Truth for prettier from its own CLI machinery, in its own node:
//
//   node truth_prettier.mjs PRETTIER_PACKAGE_ROOT
//
// Prettier's CLI (internal/legacy-cli.mjs) builds its option table from two lists: its own
// CLI options and getSupportInfo()'s formatting options, each turned into a "detailed option"
// (name, type, alias, array, choices, description, oppositeDescription). That table is what
// both its parser (minimist) and its help read. The module keeps the builder to itself, so a
// load hook appends one export of it to the module's own text; the table is printed as JSON.
// Nothing of workbench is used.
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const root = process.argv[2];
const cli = pathToFileURL(path.join(root, 'internal', 'legacy-cli.mjs')).href;
const hook = `
export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context);
  if (url !== ${JSON.stringify(cli)}) return result;
  return { ...result, source: String(result.source) +
    '\\nexport { getContextOptions as __truthContextOptions };\\n' };
}`;
register('data:text/javascript,' + encodeURIComponent(hook));
const module = await import(cli);
const { detailedOptions } = await module.__truthContextOptions([]);
process.stdout.write(JSON.stringify(detailedOptions.map((o) => ({
  name: o.name,
  type: o.type,
  alias: o.alias ?? null,
  array: Boolean(o.array),
  choices: o.choices ? o.choices.map((c) => c.value) : null,
  shown: Boolean(o.description),
  opposite: Boolean(o.oppositeDescription),
}))));
