// npm's own tables, read in node from the npm install given as argv[2] (maintainers' tool).
//
//     node truth_npm.cjs /usr/lib/node_modules/npm
//
// Commands: `lib/utils/cmd-list.js` (`commands`; its `aliases` are other names of them), and
// the `static subcommands` table of a command that has one (`npm trust github`). Each
// command's flags: the `static params` of its class (`lib/commands/NAME.js`), each a key of
// @npmcli/config's definitions, whose `type` says the kind and value (`Boolean` a switch, with
// its `--no-` form, which nopt accepts for every Boolean; `Number` a number; `path` a path; a
// list of literal values its choices; `Array` repeatable; `Boolean` beside another type: an
// optional value, kind not told) and `short` the letter. A shorthand of nopt's table that
// expands to the key (`--save-prod` is `--save-type prod`... and `-S` is `--save`) is one more
// spelling. Prints one JSON object: {"commands": {NAME: {"flags": {...}}}}.
'use strict'
const path = require('node:path')
const root = process.argv[2]
const req = (p) => require(path.join(root, p))
const { commands } = req('lib/utils/cmd-list.js')
const configLib = path.join(root, 'node_modules', '@npmcli', 'config', 'lib')
const { definitions, shorthands } = require(path.join(configLib, 'definitions'))
const typeDefs = require(path.join(configLib, 'type-defs'))

function describe (key) {
  const def = definitions[key]
  const types = [].concat(def.type).filter((t) => t !== null)
  const literals = types.filter((t) => typeof t === 'string' || typeof t === 'number')
  const others = types.filter((t) => !literals.includes(t) && t !== Array)
  const repeatable = types.includes(Array)
  let kind = 'value'
  let type = 'string'
  if (others.length === 1 && others[0] === Boolean && literals.length === 0) {
    kind = 'boolean'
    type = null
  } else if (others.includes(Boolean) || types.includes(false)) {
    kind = null // a switch that also takes a value (`--audit-level`, `"always"|Boolean`)
    type = null
  } else if (others.includes(Number)) {
    type = 'number'
  } else if (others.includes(typeDefs.path.type)) {
    type = 'path'
  }
  const choices = kind === 'value' && others.length === 0 && literals.length
    ? literals.map(String)
    : null
  const names = ['--' + key]
  for (const s of [].concat(def.short || [])) names.push('-' + s)
  if (kind === 'boolean') names.push('--no-' + key)
  for (const [name, expansion] of Object.entries(shorthands)) {
    if (expansion[0] === '--' + key && !names.includes((name.length === 1 ? '-' : '--') + name)) {
      names.push((name.length === 1 ? '-' : '--') + name)
    }
  }
  return { names, kind, type: kind === 'value' ? (choices ? 'choice' : type) : null, choices, required: null, repeatable }
}

// A command's flags: its params, and the other definitions a param's `usage` names (`save`'s
// `-S|--save|--no-save|--save-prod|--save-dev…`: npm's usage of the command shows them, and
// each is a definition of its own).
function paramFlags (params) {
  const flags = {}
  for (const key of params || []) {
    if (!definitions[key]) continue
    flags['--' + key] = describe(key)
    for (const [, other] of (definitions[key].usage || '').matchAll(/--([\w-]+)/g)) {
      if (other !== key && definitions[other] && !flags['--' + other]) {
        flags['--' + other] = describe(other)
      }
    }
  }
  return flags
}

const out = { commands: { '': { flags: {}, positionals: null } } }
for (const name of commands) {
  const Command = req(`lib/commands/${name}`)
  const flags = {}
  Object.assign(flags, paramFlags(Command.params))
  out.commands[name] = { flags, positionals: null }
  // a command of npm's own subcommand table (`npm trust github`): its class's params
  for (const [sub, Sub] of Object.entries(Command.subcommands || {})) {
    out.commands[`${name} ${sub}`] = { flags: paramFlags(Sub.params), positionals: null }
  }
}
process.stdout.write(JSON.stringify(out))
