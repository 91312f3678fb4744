// Module-loading hooks for truth_node.cjs: the ES-module builds of commander (15+), yargs
// (18+) and clipanion are not loaded through require, so truth_node.cjs's Module._load never sees them.
// Registered by truth_node.cjs with module.register, this load hook appends one statement to
// the file that defines the framework's class (commander's lib/command.js, yargs'
// build/lib/yargs-factory.js): the class's parse / showHelp is replaced by truth_node.cjs's
// own stop function (on globalThis), exactly as the CommonJS builds are patched. Nothing of
// workbench is used.
const PATCHES = [
  [/[\\/]commander[\\/]lib[\\/]command\.js$/,
    '\nCommand.prototype.parse = Command.prototype.parseAsync = function () { globalThis.__truthCommanderStop(this); };\n'],
  [/[\\/]yargs[\\/]build[\\/]lib[\\/]yargs-factory\.js$/,
    '\nYargsInstance.prototype.showHelp = function () { globalThis.__truthYargsStop(this); };\n'],
  [/[\\/]clipanion[\\/]lib[\\/]advanced[\\/]Cli\.mjs$/,
    '\nCli.prototype.run = Cli.prototype.runExit = function () { globalThis.__truthClipanionStop(this); };\n'],
];

// cac's class, in its own ES build or bundled into the program's (`var CAC = class extends
// EventEmitter {`): made to extend truth_node.cjs's base, whose constructor shadows parse
const CAC_CLASS = /(\bCAC\s*=\s*class|\bclass CAC)\s+extends\s+([\w$]+)\s*\{/;

// citty's runMain (its own build, or bundled into the program's: `async function runMain(cmd,
// opts = {}) {`) and meow's entry (`const meow = (helpText, options = {}) => {`): made to start
// with truth_node.cjs's stop, which is handed the command definition / the options table
const STARTS = [
  [/(\basync function runMain\(([\w$]+), [\w$]+ = \{\}\) \{)/, '$1 return globalThis.__truthCittyStop($2);'],
  [/(\bconst meow = \([\w$]+, ([\w$]+) = \{\}\) => \{)/, '$1 globalThis.__truthMeowStop($2);'],
];

export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context);
  if (result.format !== 'module') return result;
  const text = String(result.source);
  if (CAC_CLASS.test(text)) {
    return { ...result, source: text.replace(CAC_CLASS, '$1 extends globalThis.__truthCacBase($2) {') };
  }
  for (const [pattern, replacement] of STARTS) {
    if (pattern.test(text)) return { ...result, source: text.replace(pattern, replacement) };
  }
  for (const [pattern, statement] of PATCHES) {
    if (pattern.test(url)) {
      return { ...result, source: String(result.source) + statement };
    }
  }
  return result;
}
