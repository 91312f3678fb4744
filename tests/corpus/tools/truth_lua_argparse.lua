-- Truth for a Lua CLI built on argparse, from the program's own Parser objects, in its own lua:
--
--   TRUTH_OUT=FILE LUA_INIT=@truth_lua_argparse.lua PROGRAM --help
--
-- Run before the program (LUA_INIT): `require` is wrapped so that when the program loads
-- argparse (the module itself or a copy a program vendors, `luarocks.argparse`) its Parser
-- class's `parse` and `pparse` are wrapped, and the first parser the program parses its argv
-- with (every command and option declared by then) is read before the parse: each command of
-- `_commands` that is not `_hidden`, each path's options those of its parser and of the parsers
-- above it (argparse keeps a parent's options active after a command), `_hidden` ones left out.
-- An option's spellings are its `_public_aliases`; `_maxargs` 0 a boolean (a count when
-- `_maxcount` is above 1), else a value, typed where the option tells (`_choices` a choice,
-- a `tonumber` convert a number) and repeatable when `_maxcount` is above 1. Written to FILE
-- as {"commands": {PATH: {"flags": ..., "positionals": null}}}; the program then exits.
-- Nothing of workbench is used.
local NEVER_COUNTED = { ["--help"] = true, ["--version"] = true, ["-h"] = true }

-- JSON null: a Lua table drops a key whose value is nil
local NULL = setmetatable({}, { __metatable = "null" })

local function encode(value)
  local kind = type(value)
  if kind == "nil" or getmetatable(value) == "null" then
    return "null"
  elseif kind == "boolean" or kind == "number" then
    return tostring(value)
  elseif kind == "string" then
    return '"' .. value:gsub('[%c"\\]', function(c)
      return string.format("\\u%04x", c:byte())
    end) .. '"'
  end
  if value[1] ~= nil or next(value) == nil and getmetatable(value) == "array" then
    local parts = {}
    for _, item in ipairs(value) do parts[#parts + 1] = encode(item) end
    return "[" .. table.concat(parts, ",") .. "]"
  end
  local keys = {}
  for key in pairs(value) do keys[#keys + 1] = key end
  table.sort(keys)
  local parts = {}
  for _, key in ipairs(keys) do parts[#parts + 1] = encode(key) .. ":" .. encode(value[key]) end
  return "{" .. table.concat(parts, ",") .. "}"
end

local function array(items)
  return setmetatable(items, { __metatable = "array" })
end

local function flag_of(option)
  local names = array({})
  for _, alias in ipairs(option._public_aliases or option._aliases) do names[#names + 1] = alias end
  if #names == 0 then return nil end
  local boolean = option._maxargs == 0
  local many = (option._maxcount or 1) > 1
  local kind = boolean and (many and "count" or "boolean") or "value"
  local value_type, choices = NULL, NULL
  if not boolean and option._choices then
    value_type, choices = "choice", array({})
    for _, choice in ipairs(option._choices) do choices[#choices + 1] = choice end
  elseif not boolean and option._convert == tonumber then
    value_type = "number"
  end
  local key = names[1]
  for _, name in ipairs(names) do
    if name:sub(1, 2) == "--" then key = name break end
  end
  return key, {
    names = names, kind = kind, type = value_type, choices = choices, required = false,
    repeatable = (many and not boolean) and true or NULL,
  }
end

local function walk(parser, path, inherited, commands)
  local flags = {}
  for key, flag in pairs(inherited) do flags[key] = flag end
  for _, option in ipairs(parser._options) do
    if not option._hidden then
      local key, flag = flag_of(option)
      if key and not NEVER_COUNTED[key] and not NEVER_COUNTED[flag.names[1]] then
        flags[key] = flags[key] or flag
      end
    end
  end
  commands[table.concat(path, " ")] = { flags = flags, positionals = NULL }
  for _, command in ipairs(parser._commands) do
    if not command._hidden then
      local sub = {}
      for i, word in ipairs(path) do sub[i] = word end
      sub[#sub + 1] = command._name
      walk(command, sub, flags, commands)
    end
  end
end

local function capture(parser)
  local out = os.getenv("TRUTH_OUT")
  local commands = {}
  walk(parser, {}, {}, commands)
  local text = encode({ commands = commands })
  local file = assert(io.open(out, "w"))
  file:write(text)
  file:close()
  os.exit(0)
end

local patched = {}
local function patch(module)
  if patched[module] or type(module) ~= "table" then return end
  patched[module] = true
  local Parser = getmetatable(module("truth"))
  for _, name in ipairs({ "parse", "pparse" }) do
    local original = Parser[name]
    Parser[name] = function(self, ...)
      if os.getenv("TRUTH_OUT") then capture(self) end
      return original(self, ...)
    end
  end
end

local original_require = require
function require(name, ...)
  local module = original_require(name, ...)
  if name == "argparse" or name:match("%.argparse$") then patch(module) end
  return module
end
