// Truth for a node CLI from its own framework objects (commander, yargs, optionator, cac, arg), in its own node.
//
//   TRUTH_OUT=FILE node -r truth_node.cjs BIN [PATH...] --help
//
// Preloaded before the CLI. Whenever commander is loaded (also behind an ES module's import:
// commander's ESM entry re-exports its CommonJS one), Command#parse/parseAsync are replaced so
// the program stops where it would read its argv and its whole command tree is written to
// FILE. For yargs (CommonJS builds), the instance's showHelp is wrapped: under `PATH... --help`
// yargs has run the matched command's builder, so its options at that moment are that
// command's; they are written to FILE and the program exits. Nothing of workbench is used.
'use strict';
const Module = require('module');
const fs = require('fs');

const OUT = process.env.TRUTH_OUT;
const originalLoad = Module._load;

function write(data) {
  fs.writeFileSync(OUT, JSON.stringify(data));
  process.exit(0);
}

// ---------------------------------------------------------------- commander
function commanderOption(option) {
  const names = [];
  if (option.long) names.push(option.long);
  if (option.short) names.push(option.short);
  const takesValue = Boolean(option.required || option.optional);
  return {
    key: option.long || option.short,
    names,
    kind: takesValue ? 'value' : 'boolean',
    type: takesValue ? (option.argChoices ? 'choice' : (option.parseArg ? null : 'string')) : null,
    choices: option.argChoices ? option.argChoices.map(String) : null,
    required: Boolean(option.mandatory),
    repeatable: null,
    hidden: Boolean(option.hidden),
  };
}

function commanderArgs(cmd) {
  const args = cmd.registeredArguments || cmd._args || [];
  return args.map((a) => ({
    name: typeof a.name === 'function' ? a.name() : a.name,
    required: Boolean(a.required),
    variadic: Boolean(a.variadic),
  }));
}

function commanderTree(root) {
  const commands = {};
  const visit = (cmd, path) => {
    const flags = {};
    for (const option of cmd.options || []) {
      const o = commanderOption(option);
      if (!o.key || o.hidden || ['--help', '-h', '--version', '-V'].includes(o.key)) continue;
      if (flags[o.key]) continue;
      delete o.hidden;
      const key = o.key;
      delete o.key;
      flags[key] = o;
    }
    commands[path.join(' ')] = { flags, positionals: commanderArgs(cmd) };
    for (const sub of cmd.commands || []) {
      const name = typeof sub.name === 'function' ? sub.name() : sub._name;
      if (sub._hidden || sub._noHelp || name === 'help' || name === '*') continue;
      visit(sub, [...path, name]);
    }
  };
  visit(root, []);
  return { framework: 'commander', commands };
}

function patchCommander(exports) {
  const proto = exports && exports.Command && exports.Command.prototype;
  if (!proto || proto.__truthPatched || typeof proto.parse !== 'function') return;
  proto.__truthPatched = true;
  const stop = function () {
    let root = this;
    while (root.parent) root = root.parent;
    write(commanderTree(root));
  };
  if (process.env.TRUTH_COMMANDER_AT === 'help') {
    // a program that builds its commands lazily (webpack-cli registers a command, and its
    // options, only once its name is read) has no tree at parse(): the tree is written as it
    // stands when help is printed, with the path of the command whose help it is
    proto.helpInformation = function () {
      let root = this;
      const shown = [];
      for (; root.parent; root = root.parent) shown.unshift(root.name());
      write({ ...commanderTree(root), shown: shown.join(' ') });
    };
    return;
  }
  proto.parse = stop;
  proto.parseAsync = stop;
}

// ---------------------------------------------------------------- yargs (CommonJS builds)
function yargsDump(self) {
  // a default command (`$0 [spec..]`, mocha's run) is what root help shows: yargs' own showHelp
  // runs its builder on the instance first when no command matched, and so does this
  try {
    const instance = self.getInternalMethods().getCommandInstance();
    const context = self.getContext ? self.getContext() : self.getInternalMethods().getContext();
    const full = context.fullCommands || [];
    if (!full.length && instance.hasDefaultCommand && instance.hasDefaultCommand()) {
      instance.runDefaultBuilderOn(self);
    }
  } catch (e) { /* an older yargs: no default commands */ }
  const o = self.getOptions();
  const aliases = o.alias || {};
  const hidden = new Set(o.hiddenOptions || []);
  const keys = new Set([
    ...(o.boolean || []), ...(o.string || []), ...(o.number || []), ...(o.array || []), ...(o.count || []),
    ...Object.keys(o.key || {}), ...Object.keys(o.choices || {}), ...Object.keys(o.demandedOptions || {}),
  ]);
  // a command's positionals (`merge <input-directory> [output-file]`) are option keys to yargs
  // too: the command's own spec, the last of the context's fullCommands, names them
  const positional = new Set();
  try {
    const context = self.getContext ? self.getContext() : self.getInternalMethods().getContext();
    let full = (context.fullCommands || []).slice(-1)[0] || '';
    // root help of a default command (`$0 [spec..]`): its spec names the positionals
    const instance = self.getInternalMethods ? self.getInternalMethods().getCommandInstance() : null;
    if (!full && instance && instance.defaultCommand) full = instance.defaultCommand.original;
    for (const m of full.split(/\s+/).slice(1).join(' ').matchAll(/[<[]([^\]>|.]+)/g)) {
      for (const name of m[1].split('|')) positional.add(name.trim());
    }
  } catch (e) { /* no context: no positionals known */ }
  // a positional declared in the builder (`yargs.positional('path', …)`, typeorm) is in the
  // group yargs prints as `Positionals:`
  try {
    for (const [group, keys] of Object.entries(self.getGroups ? self.getGroups() : {})) {
      if (/^Positionals:?$/.test(group)) for (const key of keys) positional.add(key);
    }
  } catch (e) { /* no groups: none known */ }
  const flags = {};
  const aliasOf = new Set();
  for (const key of keys) for (const a of aliases[key] || []) aliasOf.add(a);
  for (const key of keys) {
    if (aliasOf.has(key) && !(aliases[key] || []).length) continue; // an alias seen as its own key
    if (hidden.has(key) || positional.has(key) || ['help', 'version', '$0', '_'].includes(key)) continue;
    const spellings = [key, ...(aliases[key] || [])].map((n) => (n.length === 1 ? '-' + n : '--' + n));
    const longs = spellings.filter((n) => n.startsWith('--'));
    const flagKey = longs[0] || spellings[0];
    const isBool = (o.boolean || []).includes(key);
    const isCount = (o.count || []).includes(key);
    const choices = (o.choices || {})[key];
    let type = null;
    if (!isBool && !isCount) {
      if (choices) type = 'choice';
      else if ((o.number || []).includes(key)) type = 'number';
      else if ((o.string || []).includes(key)) type = 'string';
    }
    flags[flagKey] = {
      names: spellings,
      kind: isCount ? 'count' : isBool ? 'boolean' : ((o.string || []).includes(key) || (o.number || []).includes(key) || choices || (o.array || []).includes(key)) ? 'value' : null,
      type,
      choices: choices ? choices.map(String) : null,
      required: key in (o.demandedOptions || {}),
      repeatable: (o.array || []).includes(key) ? true : null,
    };
  }
  let commands = [];
  let defaultName = null;
  try {
    const instance = self.getCommandInstance ? self.getCommandInstance() : self.getInternalMethods().getCommandInstance();
    // getCommands() lists each alias beside its command (lerna's `ls`, `la`, `ll` of `list`);
    // the handlers are the commands themselves
    commands = instance.getCommandHandlers ? Object.keys(instance.getCommandHandlers()) : instance.getCommands();
    // the default command's handler (mocha's `$0 [spec..]`) is filed under its first alias
    // (`inspect`): that command is the root's own, run under another name
    for (const [name, handler] of Object.entries(instance.getCommandHandlers ? instance.getCommandHandlers() : {})) {
      if (handler === instance.defaultCommand) defaultName = name;
    }
  } catch (e) { /* no commands at this level */ }
  return { framework: 'yargs', flags, commands, defaultName };
}

function patchYargsInstance(instance) {
  if (!instance || typeof instance.showHelp !== 'function' || instance.__truthPatched) return instance;
  instance.__truthPatched = true;
  instance.showHelp = function () { write(yargsDump(instance)); };
  return instance;
}

function patchYargs(exports) {
  if (exports && typeof exports.showHelp === 'function' && typeof exports.exitProcess === 'function') {
    // the singleton `require('yargs')`: its methods are bound copies; a chainable one returns
    // the real instance, whose own showHelp (yargs 16) or class prototype's (yargs 17) we wrap
    const instance = exports.exitProcess(true);
    const target = Object.prototype.hasOwnProperty.call(instance, 'showHelp') ? instance : Object.getPrototypeOf(instance);
    if (!target.__truthPatched) {
      target.__truthPatched = true;
      target.showHelp = function () { write(yargsDump(this)); };
    }
    return exports;
  }
  if (typeof exports === 'function') {
    const factory = exports;
    const wrapped = function () { return patchYargsInstance(factory.apply(this, arguments)); };
    Object.assign(wrapped, factory);
    return wrapped;
  }
  return exports;
}

// ---------------------------------------------------------------- ES-module builds
// commander 15+ and yargs 18+ ship only ES modules: truth_node_hooks.mjs appends a call to
// these two functions to the file defining their class (see there).
globalThis.__truthCommanderStop = function (cmd) {
  let root = cmd;
  while (root.parent) root = root.parent;
  write(commanderTree(root));
};
globalThis.__truthYargsStop = function (instance) { write(yargsDump(instance)); };
if (typeof Module.register === 'function') {
  Module.register(require('url').pathToFileURL(require('path').join(__dirname, 'truth_node_hooks.mjs')).href);
}

// ---------------------------------------------------------------- optionator (eslint)
// optionator(config) builds the parser from one options table: the table is written to FILE
// the moment the program hands it over (before any argv is read), and the program exits.
function optionatorDump(config) {
  const flags = {};
  for (const o of config.options || []) {
    if (!o.option || o.hidden) continue; // a heading row
    const spell = (n) => (n.length === 1 ? '-' + n : '--' + n);
    const aliases = [].concat(o.alias || []);
    const type = String(o.type || '');
    const boolean = type === 'Boolean';
    const names = [spell(o.option), ...aliases.map(spell)];
    if (boolean && o.option.length > 1) names.push('--no-' + o.option);
    if (['--help', '--version', '-h'].includes(names[0])) continue;
    const isList = type.startsWith('[') || /Array/.test(type);
    const valueType = boolean ? null : /Int|Number/.test(type) ? (/Int/.test(type) ? 'integer' : 'number')
      : o.enum ? 'choice' : 'string';
    flags[names[0]] = {
      names,
      kind: boolean ? 'boolean' : 'value',
      type: valueType,
      choices: o.enum ? o.enum.map(String) : null,
      required: Boolean(o.required),
      repeatable: isList ? true : null,
    };
  }
  return { framework: 'optionator', commands: { '': { flags, positionals: null } } };
}

function patchOptionator(factory) {
  if (typeof factory !== 'function' || factory.__truthPatched) return factory;
  const wrapped = function (config) { write(optionatorDump(config)); };
  wrapped.__truthPatched = true;
  return wrapped;
}

// ---------------------------------------------------------------- cac
// cac's CAC instance holds the global command (root options) and every command with its raw
// name (`build [root]`), aliases, options (`-o, --out-dir <dir>`) and bracketed arguments.
// Its parse is replaced so the program stops where it would read its argv and the tree is
// written to FILE. An option's spellings are read from its raw name (cac's own `names` are
// camel-cased); `<x>` takes a value, `[x]` an optional one, neither a boolean.
function cacOption(option) {
  const raw = option.rawName.replace(/\.\*/g, '');
  // the spellings end where the first bracket opens (`--inspect [[host:]port]` nests them)
  const names = raw.split(/[<[]/)[0].split(',').map((n) => n.trim()).filter(Boolean);
  const takesValue = !option.isBoolean;
  const longs = names.filter((n) => n.startsWith('--'));
  return {
    key: longs[0] || names[0],
    names,
    kind: takesValue ? 'value' : 'boolean',
    type: null,
    choices: null,
    required: false,
    repeatable: null, // mri gathers a repeated option into an array whatever its type
  };
}

function cacFlags(options) {
  const flags = {};
  for (const option of options || []) {
    const o = cacOption(option);
    if (!o.key || ['--help', '-h', '--version', '-v'].includes(o.key) || flags[o.key]) continue;
    const key = o.key;
    delete o.key;
    flags[key] = o;
  }
  return flags;
}

function cacTree(cli) {
  const commands = { '': { flags: cacFlags(cli.globalCommand.options), positionals: null } };
  for (const command of cli.commands) {
    const args = (command.args || []).map((a) => ({ name: a.value, required: a.required, variadic: a.variadic }));
    if (command.name === '' || command.isDefaultCommand) {
      // the default command (`[root]`) is what the bare program runs: its options are the root's
      Object.assign(commands[''].flags, cacFlags(command.options));
      commands[''].positionals = args;
      continue;
    }
    commands[command.name] = { flags: cacFlags(command.options), positionals: args };
  }
  return { framework: 'cac', commands };
}

function cacStop(cli) { write(cacTree(cli)); }

function patchCac(exports) {
  const proto = exports && exports.CAC && exports.CAC.prototype;
  if (!proto || proto.__truthPatched) return;
  proto.__truthPatched = true;
  proto.parse = function () { cacStop(this); };
}

// an ES-module build, or a bundle carrying cac's class: truth_node_hooks.mjs makes the class
// extend this base, whose constructor shadows the instance's parse
globalThis.__truthCacBase = function (Base) {
  return class extends Base {
    constructor(...args) {
      super(...args);
      this.parse = function () { cacStop(this); };
    }
  };
};

// ---------------------------------------------------------------- arg (vercel)
// arg(spec) is handed the whole options table (`'--listen': [parseEndpoint]`, `'-l': '--listen'`):
// it is written to FILE the moment the program hands it over, and the program exits.
function argDump(spec, argModule) {
  const flags = {};
  const aliases = {};
  for (const [name, type] of Object.entries(spec)) {
    if (typeof type === 'string') (aliases[type] = aliases[type] || []).push(name);
  }
  for (const [name, type] of Object.entries(spec)) {
    if (typeof type === 'string' || ['--help', '--version', '-h'].includes(name)) continue;
    // arg.flag(fn) marks fn with a symbol of its own, which arg.COUNT carries too
    const mark = Object.getOwnPropertySymbols(argModule.COUNT)[0];
    const isFlag = type === Boolean || Boolean(type && mark && type[mark]);
    const isCount = type === argModule.COUNT;
    const list = Array.isArray(type);
    const inner = list ? type[0] : type;
    flags[name] = {
      names: [name, ...(aliases[name] || [])],
      kind: isCount ? 'count' : isFlag ? 'boolean' : 'value',
      type: isFlag || isCount ? null : inner === Number ? 'number' : inner === String ? 'string' : null,
      choices: null,
      required: false,
      repeatable: list ? true : null,
    };
  }
  return { framework: 'arg', commands: { '': { flags, positionals: null } } };
}

function isArg(exports) {
  return typeof exports === 'function' && exports.COUNT && typeof exports.flag === 'function';
}

// an ES module importing arg (CommonJS) never passes Module._load: the module's exports are
// replaced where node compiles it
const compileJs = Module._extensions['.js'];
Module._extensions['.js'] = function (module, filename) {
  compileJs.apply(this, arguments);
  try {
    if (isArg(module.exports)) module.exports = patchArg(module.exports);
  } catch (e) { /* not arg */ }
};

// a table handed some other argv (ts-node reads node's own flags out of NODE_OPTIONS and
// execArgv with arg too) is an inner parse, not the command line's: it runs as written; the
// table that reads the program's own arguments (no argv given: arg reads process.argv) is written
function readsCommandLine(options) {
  const argv = options && options.argv;
  return !argv || JSON.stringify(argv) === JSON.stringify(process.argv.slice(2));
}

function patchArg(exports) {
  if (typeof exports !== 'function' || exports.__truthPatched) return exports;
  const wrapped = function (spec, options) {
    if (!readsCommandLine(options)) return exports.apply(this, arguments);
    write(argDump(spec, exports));
  };
  Object.assign(wrapped, exports);
  wrapped.__truthPatched = true;
  return wrapped;
}

// ---------------------------------------------------------------- node's util.parseArgs
// parseArgs({ args, options }) is handed the whole options table (`{ cache: { type: 'boolean' },
// 'max-warnings': { type: 'string', short: 'm' } }`): the table that reads the program's own
// arguments is written to FILE the moment it is handed over, and the program exits. The
// builtin's export is replaced and synced, so an ES module's `import { parseArgs }` sees it too.
// parseArgs knows only strings and booleans: what a program makes of a string is not told.
function parseArgsDump(config) {
  const flags = {};
  for (const [name, option] of Object.entries(config.options || {})) {
    const long = name.length === 1 ? '-' + name : '--' + name;
    if (['--help', '--version', '-h'].includes(long)) continue;
    const boolean = option.type === 'boolean';
    const names = [long];
    if (option.short) names.push('-' + option.short);
    if (boolean && config.allowNegative && name.length > 1) names.push('--no-' + name);
    flags[long] = {
      names,
      kind: boolean ? 'boolean' : 'value',
      type: null,
      choices: null,
      required: false,
      repeatable: option.multiple ? true : null,
    };
  }
  return { framework: 'parseArgs', commands: { '': { flags, positionals: null } } };
}

{
  const util = require('util');
  if (typeof util.parseArgs === 'function') {
    const parseArgs = util.parseArgs;
    util.parseArgs = function (config) {
      if (!config || !readsCommandLine({ argv: config.args })) return parseArgs.apply(this, arguments);
      write(parseArgsDump(config));
    };
    Module.syncBuiltinESMExports();
  }
}

Module._load = function (request, parent, isMain) {
  const exports = originalLoad.apply(this, arguments);
  try {
    if (/(^|[\\/])commander([\\/]index\.js)?$/.test(request) || (exports && exports.Command && exports.Option)) {
      patchCommander(exports);
    }
    if (/(^|[\\/])yargs([\\/]yargs)?$/.test(request)) return patchYargs(exports);
    if (/(^|[\\/])optionator$/.test(request)) return patchOptionator(exports);
    if (/(^|[\\/])cac$/.test(request)) patchCac(exports);
    if (isArg(exports)) return patchArg(exports);
  } catch (e) { /* not the framework we took it for */ }
  return exports;
};
