# Truth for a Ruby CLI built on cri, from the program's own Cri::Command tree, in its ruby:
#
#   TRUTH_OUT=FILE ruby -r truth_ruby_cri.rb PROGRAM --help
#
# Loaded before the program: Cri::Command#run is wrapped so that the first command the program
# runs (its root, the whole tree built) is read before any argv is parsed: every command under
# `subcommands` that is not hidden, and each one's `global_option_definitions` (its own options
# and its supercommands', the set Cri::Parser is handed), hidden options left out. An option
# whose `argument` is :required or :optional takes a value; a `transform` of Integer or Float
# types it (nothing else is told). Written to FILE as
# {"commands": {PATH: {"flags": ..., "positionals": null}}}; the program then exits. Nothing of
# workbench is used.
require "json"
require "cri"

module TruthCri
  NEVER_COUNTED = %w[--help --version -h].freeze
  TYPES = { "Integer" => "integer", "Float" => "number" }.freeze

  def self.type_of(transform)
    return nil if transform.nil?
    name = transform.respond_to?(:name) ? transform.name.to_s : transform.to_s
    TYPES[name]
  end

  def self.flags(command)
    flags = {}
    command.global_option_definitions.each do |option|
      next if option.hidden
      names = []
      names << "--#{option.long}" if option.long
      names << "-#{option.short}" if option.short
      next if names.empty? || NEVER_COUNTED.include?(names.first)
      takes_value = option.argument != :forbidden
      flags[names.first] ||= {
        "names" => names, "kind" => takes_value ? "value" : "boolean",
        "type" => takes_value ? type_of(option.transform) : nil, "choices" => nil,
        "required" => false, "repeatable" => option.multiple ? true : nil,
      }
    end
    flags
  end

  def self.walk(command, path, commands)
    commands[path.join(" ")] = { "flags" => flags(command), "positionals" => nil }
    command.subcommands.each do |sub|
      next if sub.hidden?
      walk(sub, path + [sub.name], commands)
    end
  end

  module Capture
    def run(*args, **kwargs)
      out = ENV["TRUTH_OUT"]
      return super unless out
      commands = {}
      TruthCri.walk(self, [], commands)
      File.write(out, JSON.generate({ "commands" => commands }))
      exit! 0
    end
  end
end

Cri::Command.prepend(TruthCri::Capture)
