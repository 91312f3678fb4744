# Truth for a Ruby CLI built on mercenary, from the program's own Mercenary objects, in its ruby:
#
#   TRUTH_OUT=FILE ruby -r truth_ruby_mercenary.rb PROGRAM --help
#
# Loaded before the program: Mercenary::Program#go is wrapped so that, when the program's own
# block has built its Program (jekyll adds its plugins' commands there), the tree is read before
# any argv is parsed: every Command under `commands` (a key that is another name of its command,
# an `alias`, left out), and each path's options as mercenary hands them to OptionParser on the
# way down (`process_options` and `add_default_options` of the root and of every command of the
# path, into one parser, as Command#go does), each switch read by OptionParser (truth_ruby.rb's
# parser_flags: a switch with an argument a value) and typed by the option's declared class
# (Integer an integer, Float a number, nothing else told). Written to FILE as
# {"commands": {PATH: {"flags": ..., "positionals": null}}}; the program then exits. Nothing of
# workbench is used.
require "json"
require "optparse"
require "mercenary"
require_relative "truth_ruby"

module TruthMercenary
  TYPES = { Integer => "integer", Float => "number" }.freeze

  def self.flags(chain)
    parser = OptionParser.new
    declared = {}
    chain.each do |command|
      command.options.each do |option|
        long = option.long.to_s.split(/[\s=\[]/).first
        declared[long] = TYPES[option.return_type] if long
      end
      command.process_options(parser, {})
      command.add_default_options(parser)
    end
    parser_flags(parser).each do |key, flag|
      flag["type"] = declared[key] if flag["kind"] == "value"
    end
  end

  def self.walk(chain, path, commands)
    commands[path.join(" ")] = { "flags" => flags(chain), "positionals" => nil }
    chain.last.commands.each do |key, command|
      next unless command.name.to_s == key.to_s # an alias of a command listed under its name
      walk(chain + [command], path + [key.to_s], commands)
    end
  end

  module Capture
    def go(argv)
      out = ENV["TRUTH_OUT"]
      return super unless out
      commands = {}
      TruthMercenary.walk([self], [], commands)
      File.write(out, JSON.generate({ "commands" => commands }))
      exit 0
    end
  end
end

Mercenary::Program.prepend(TruthMercenary::Capture)
