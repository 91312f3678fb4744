// Truth for a node CLI from its own framework objects (commander, yargs, optionator, cac, arg, sade, citty, meow,
// nopt), in its own node.
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
    // yargs 16's `require('yargs')(args)` builds a fresh instance with a showHelp of its own
    // (depcheck's `yargs(args).usage(…)`): the instance a call returns is wrapped too
    return new Proxy(exports, {
      apply(target, self, args) { return patchYargsInstance(Reflect.apply(target, self, args)); },
    });
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


// ---------------------------------------------------------------- commander bundled into the program
// A bundle carrying its own copy of commander (npm-check-updates' build: class names mangled,
// method and property names kept) never loads `commander`: the method whose body starts with
// `this._prepareUserArgs(` is parse/parseAsync, and it is made to stop there as the
// CommonJS patch does.
const BUNDLED_PARSE = /(\b(?:async\s+)?parse(?:Async)?\(([\w$]+),([\w$]+)\)\{)(?=(?:const|let|var) [\w$]+=this\._prepareUserArgs\()/g;
const compile = Module.prototype._compile;
Module.prototype._compile = function (content, filename) {
  if (typeof content === 'string' && content.includes('_prepareUserArgs(') && !/[\\/]commander[\\/]/.test(filename)) {
    content = content.replace(BUNDLED_PARSE, '$1return globalThis.__truthCommanderStop(this);');
  }
  return compile.call(this, content, filename);
};

// ---------------------------------------------------------------- clipanion
// clipanion's Cli holds every registered command; its own `definitions()` (what a program that
// registers the builtin answers to `--clipanion=definitions`) lists each command's path and
// options. Cli#run and #runExit are replaced so the program stops where it would read its
// argv and the definitions are written (ES builds through truth_node_hooks.mjs).
globalThis.__truthClipanionStop = function (cli) {
  write({ framework: 'clipanion', definitions: cli.definitions() });
};

function patchClipanion(exports) {
  const proto = exports && exports.Cli && exports.Cli.prototype;
  if (!proto || proto.__truthPatched || typeof proto.definitions !== 'function') return;
  proto.__truthPatched = true;
  proto.run = proto.runExit = function () { globalThis.__truthClipanionStop(this); };
}

// ---------------------------------------------------------------- sade
// sade's instance holds its whole tree (`tree[name].options`: `['-D, --dev', description,
// default]`; `__all__` the options every command takes, `__default__` the single command's or
// the root's). Its parse is replaced so the program stops where it would read its argv. sade
// hands mri only the defaults: a boolean default makes a switch, a string one a value; an option
// without either is read by mri as a value when a word follows it, a switch when none does, so
// its kind is not told.
function sadeFlags(entry) {
  const flags = {};
  for (const [spec, , fallback] of (entry && entry.options) || []) {
    const names = spec.split(',').map((n) => n.trim()).filter(Boolean);
    const key = names.find((n) => n.startsWith('--')) || names[0];
    if (['--help', '--version', '-h', '-v'].includes(key) && !fallback) continue;
    const t = typeof fallback;
    flags[key] = {
      names,
      kind: t === 'boolean' ? 'boolean' : t === 'string' ? 'value' : null,
      type: t === 'string' ? 'string' : null,
      choices: null,
      required: false,
      repeatable: null,
    };
  }
  return flags;
}

function sadeTree(inst) {
  const tree = inst.tree;
  const commands = { '': { flags: { ...sadeFlags(tree.__all__), ...sadeFlags(tree.__default__) }, positionals: null } };
  if (!inst.single) {
    for (const [name, entry] of Object.entries(tree)) {
      if (typeof entry === 'string' || name.startsWith('__')) continue; // an alias, or sade's own
      const words = name.split(/\s+/);
      for (let depth = 1; depth < words.length; depth++) {
        const group = words.slice(0, depth).join(' ');
        if (!commands[group]) commands[group] = { flags: {}, positionals: null };
      }
      commands[name] = { flags: sadeFlags(entry), positionals: null };
    }
  }
  return { framework: 'sade', commands };
}

function patchSade(factory) {
  if (typeof factory !== 'function' || factory.__truthPatched) return factory;
  const wrapped = function () {
    const inst = factory.apply(this, arguments);
    inst.parse = function () { write(sadeTree(inst)); };
    return inst;
  };
  wrapped.__truthPatched = true;
  return wrapped;
}

// ---------------------------------------------------------------- citty (bundled or not)
// citty's runMain(cmd) is handed the root command definition: `args` ({name: {type: boolean |
// string | enum | positional, alias, options, default, required, negativeDescription}}) and
// `subCommands` (each a definition, or a function / promise of one), any of them lazy.
// truth_node_hooks.mjs makes runMain start with a call to this function, which walks the whole
// tree, resolving what is lazy, and writes it. An argument of no type is read by citty's parser
// as a value when a word follows it, so its kind is not told; a boolean on by default (or with
// a negative description) is also spelled `--no-NAME`, as citty prints and parses it.
globalThis.__truthCittyStop = async function (root) {
  const resolve = async (value) => (typeof value === 'function' ? await value() : await value);
  const spell = (n) => (n.length === 1 ? '-' + n : '--' + n);
  const commands = {};
  const visit = async (cmd, path) => {
    cmd = await resolve(cmd);
    const flags = {};
    const positionals = [];
    for (const [name, def] of Object.entries((await resolve(cmd.args)) || {})) {
      if (def.type === 'positional') {
        positionals.push({ name, required: def.required !== false && def.default === undefined, variadic: false });
        continue;
      }
      const aliases = [].concat(def.alias || []);
      const names = ['--' + name, ...aliases.map(spell)];
      const bool = def.type === 'boolean';
      if (bool && (def.default === true || def.negativeDescription) && !/^no[-A-Z]/.test(name)) {
        names.push('--no-' + name);
      }
      if (['--help', '--version'].includes(names[0])) continue;
      const enumerated = def.type === 'enum';
      flags['--' + name] = {
        names,
        kind: bool ? 'boolean' : (def.type === 'string' || enumerated) ? 'value' : null,
        type: def.type === 'string' ? 'string' : enumerated ? 'choice' : null,
        choices: enumerated && def.options ? def.options.map(String) : null,
        required: def.required === true && def.default === undefined,
        repeatable: null,
      };
    }
    commands[path.join(' ')] = { flags, positionals };
    for (const [name, sub] of Object.entries((await resolve(cmd.subCommands)) || {})) {
      const resolved = await resolve(sub);
      const meta = (await resolve(resolved && resolved.meta)) || {};
      if (meta.hidden) continue;
      await visit(resolved, [...path, name]);
    }
  };
  await visit(root, []);
  write({ framework: 'citty', commands });
};

// ---------------------------------------------------------------- meow
// meow(help, {flags}) is handed the whole flag table (`anyBranch: {type: 'boolean'}`, `tag:
// {type: 'string', shortFlag: 't', isMultiple: true}`): truth_node_hooks.mjs makes meow start
// with a call to this function. meow's parser (yargs-parser) reads a camel-cased key as its
// kebab-cased spelling and a boolean's `--no-NAME` too.
globalThis.__truthMeowStop = function (options) {
  const kebab = (key) => key.replace(/([a-z\d])([A-Z])/g, '$1-$2').replace(/([A-Z]+)([A-Z][a-z\d]+)/g, '$1-$2').toLowerCase();
  const spell = (n) => (n.length === 1 ? '-' + n : '--' + kebab(n));
  const flags = {};
  for (const [key, def] of Object.entries((options && options.flags) || {})) {
    const long = spell(key);
    if (['--help', '--version'].includes(long)) continue;
    const bool = def.type === 'boolean';
    const names = [long];
    if (def.shortFlag || def.alias) names.push('-' + (def.shortFlag || def.alias));
    for (const alias of def.aliases || []) names.push(spell(alias));
    if (bool && long.length > 2) names.push('--no-' + long.slice(2));
    flags[long] = {
      names,
      kind: bool ? 'boolean' : 'value',
      type: bool ? null : def.choices ? 'choice' : def.type === 'number' ? 'number' : 'string',
      choices: def.choices ? def.choices.map(String) : null,
      required: def.isRequired === true,
      repeatable: def.isMultiple ? true : null,
    };
  }
  write({ framework: 'meow', commands: { '': { flags, positionals: null } } });
};

// ---------------------------------------------------------------- nopt
// nopt(types, shorthands, argv) is handed the whole table (`arch: String`, `debug: Boolean`,
// `jobs: [String, Number]`) and the shorthands (`C: '--directory'`, `silly:
// '--loglevel=silly'`): the table that reads the program's own arguments is written. A
// shorthand standing for one option alone (`-C` for `--directory`) is a spelling of it; one
// standing for a setting (`--silly` for `--loglevel=silly`, `--release` for `--no-debug`) is
// a switch of its own. A type list holding Boolean and another type takes a value only when
// one is given: its kind is not told.
function noptDump(types, shorthands) {
  const spell = (n) => (n.length === 1 ? '-' + n : '--' + n);
  const kindOf = (type) => {
    const list = [].concat(type);
    const others = list.filter((t) => t !== Boolean && t !== Array);
    if (list.includes(Boolean)) return others.length ? [null, null] : ['boolean', null];
    const numeric = others.length && others.every((t) => t === Number);
    return ['value', numeric ? 'number' : 'string'];
  };
  const flags = {};
  for (const [name, type] of Object.entries(types || {})) {
    if (['help', 'version'].includes(name)) continue;
    const [kind, valueType] = kindOf(type);
    flags['--' + name] = {
      names: ['--' + name], kind, type: valueType, choices: null, required: false,
      repeatable: [].concat(type).includes(Array) ? true : null,
    };
  }
  for (const [name, expansion] of Object.entries(shorthands || {})) {
    const words = [].concat(expansion);
    const target = words.length === 1 && /^--[^=]+$/.test(words[0]) ? words[0] : null;
    if (target && flags[target] && !target.startsWith('--no-')) {
      if (!flags[target].names.includes(spell(name))) flags[target].names.push(spell(name));
    } else if (!flags[spell(name)]) {
      flags[spell(name)] = { names: [spell(name)], kind: 'boolean', type: null, choices: null, required: false, repeatable: null };
    }
  }
  return { framework: 'nopt', commands: { '': { flags, positionals: null } } };
}

function patchNopt(exports) {
  if (typeof exports !== 'function' || exports.__truthPatched) return exports;
  const wrapped = function (types, shorthands, args, slice) {
    const own = args === undefined || args === process.argv || JSON.stringify(args) === JSON.stringify(process.argv);
    if (!own) return exports.apply(this, arguments);
    write(noptDump(types, shorthands));
  };
  Object.assign(wrapped, exports);
  wrapped.__truthPatched = true;
  return wrapped;
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
    if (/(^|[\\/])sade$/.test(request)) return patchSade(exports);
    if (/(^|[\\/])clipanion$/.test(request)) patchClipanion(exports);
    if (/(^|[\\/])nopt$/.test(request)) return patchNopt(exports);
  } catch (e) { /* not the framework we took it for */ }
  return exports;
};
