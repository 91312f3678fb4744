// Truth for an oclif CLI from oclif's own machinery, in the CLI's own node:
//
//   node truth_oclif.cjs PACKAGE_ROOT
//
// `Config.load(root)` of the @oclif/core the CLI itself resolves: every command of the CLI and
// of its plugins as oclif will dispatch them (the shipped oclif.manifest.json where there is
// one), with each flag's definition (`type` boolean/option, `char`, `options`, `multiple`,
// `allowNo`, `required`, `hidden`) and each argument. Printed as JSON on stdout:
// {"topicSeparator", "commands": [{"id", "hidden", "flags": {...}, "args": [...]}]}.
// Nothing of workbench is used.
'use strict';
const root = process.argv[2];
const core = require(require.resolve('@oclif/core', { paths: [root] }));

core.Config.load(root).then((config) => {
  const commands = config.commands.map((c) => ({
    id: c.id,
    hidden: Boolean(c.hidden),
    flags: Object.fromEntries(
      Object.entries(c.flags || {}).map(([name, f]) => [name, {
        type: f.type,
        char: f.char || null,
        options: f.options || null,
        multiple: Boolean(f.multiple),
        allowNo: Boolean(f.allowNo),
        required: Boolean(f.required),
        hidden: Boolean(f.hidden),
        aliases: f.aliases || [],
      }]),
    ),
    args: Object.entries(c.args || {}).map(([name, a]) => ({ name, required: Boolean(a.required) })),
    strict: c.strict !== false,
  }));
  process.stdout.write(JSON.stringify({ topicSeparator: config.topicSeparator, commands }));
});
