# Truth for a Ruby CLI built on optimist, from the parsers the program builds, in its own ruby:
#
#   TRUTH_OUT=FILE ruby -r truth_ruby_optimist.rb PROGRAM [COMMAND] --help
#
# Loaded before the program: Optimist::Parser#parse is wrapped so every parser the program
# hands an argv is kept; its `specs` are read once the parse has begun (optimist adds --help and
# --version and gives each option its default short letter inside `parse`; the program's
# --help ends it there). When the program ends, the union of those parsers' options is written
# to FILE as {"commands": {"": {"flags": ...}}}: each option's long and short name, a flag
# (BooleanOption) a boolean that optimist also takes as `--no-NAME`, any other a value, typed
# where its class tells (IntegerOption an integer, FloatOption a number), `multi` repeatable.
# Nothing of workbench is used.
require "json"
require "optimist"

module TruthOptimist
  NEVER_COUNTED = %w[--help --version -h].freeze
  PARSERS = []

  def self.type_of(option)
    return "integer" if option.is_a?(Optimist::IntegerOption)
    return "number" if option.is_a?(Optimist::FloatOption)
    nil
  end

  def self.flags(parser)
    flags = {}
    parser.specs.each_value do |option|
      next if option.instance_variable_get(:@hidden)
      names = ["--#{option.long}"]
      names << "-#{option.short}" if option.short?
      next if NEVER_COUNTED.include?(names.first)
      boolean = option.flag?
      names << "--no-#{option.long}" if boolean && !option.long.start_with?("no-")
      flags[names.first] ||= {
        "names" => names, "kind" => boolean ? "boolean" : "value",
        "type" => boolean ? nil : type_of(option), "choices" => nil,
        "required" => option.required? ? true : false,
        "repeatable" => option.multi ? true : nil,
      }
    end
    flags
  end

  module Capture
    def parse(*args, **kwargs, &block)
      PARSERS << self unless PARSERS.any? { |p| p.equal?(self) }
      super
    end
  end
end

Optimist::Parser.prepend(TruthOptimist::Capture)

at_exit do
  out = ENV["TRUTH_OUT"]
  if out
    flags = {}
    TruthOptimist::PARSERS.each { |parser| TruthOptimist.flags(parser).each { |k, v| flags[k] ||= v } }
    File.write(out, JSON.generate({ "commands" => { "" => { "flags" => flags, "positionals" => nil } } }))
  end
end
