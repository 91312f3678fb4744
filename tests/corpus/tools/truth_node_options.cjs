// node's own option table, read in the node that runs (`node --expose-internals`):
// `internal/options`' getCLIOptionsInfo(), the table node's parser and `node --help` are built
// from. Prints {options: [[name, {helpText, type, defaultIsTrue}]], aliases: [[alias, [expansion]]]}.
"use strict";
const { options, aliases } = require("internal/options").getCLIOptionsInfo();
const table = [...options].map(([name, info]) => [
  name,
  { helpText: info.helpText, type: info.type, defaultIsTrue: info.defaultIsTrue },
]);
process.stdout.write(JSON.stringify({ options: table, aliases: [...aliases] }));
