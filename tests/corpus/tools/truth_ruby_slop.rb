# Truth for a Ruby CLI built on slop 3 (pry's vendored Pry::Slop, or Slop itself), from the
# program's own slop objects, in its ruby:
#
#   TRUTH_OUT=FILE ruby -r truth_ruby_slop.rb PROGRAM --help
#
# Loaded before the program: the slop class's `parse!` is wrapped so that every slop the
# program parses an argv with (pry's first pass for `--no-plugins`, then the one of every block
# it was handed) is kept; when the program ends (its --help prints and exits) the union is read:
# their `options` (each one's short and long flag; `expects_argument?` or
# `accepts_optional_argument?` a value, typed by an `as:` of Integer or Float, nothing else told)
# and its `commands`, each a slop of its own. Written to FILE as
# {"commands": {PATH: {"flags": ..., "positionals": null}}}. Nothing of
# workbench is used.
require "json"

module TruthSlop
  NEVER_COUNTED = %w[--help --version -h].freeze
  TYPES = { "integer" => "integer", "float" => "number" }.freeze

  def self.flags(slop)
    flags = {}
    slop.options.each do |option|
      names = []
      names << "--#{option.long}" if option.long
      names << "-#{option.short}" if option.short
      next if names.empty? || NEVER_COUNTED.include?(names.first)
      takes_value = option.expects_argument? || option.accepts_optional_argument?
      type = takes_value ? TYPES[option.config[:as].to_s.downcase] : nil
      flags[names.first] ||= {
        "names" => names, "kind" => takes_value ? "value" : "boolean", "type" => type,
        "choices" => nil, "required" => false, "repeatable" => nil,
      }
    end
    flags
  end

  def self.walk(slop, path, commands)
    entry = commands[path.join(" ")] ||= { "flags" => {}, "positionals" => nil }
    flags(slop).each { |key, flag| entry["flags"][key] ||= flag }
    slop.instance_variable_get(:@commands).each { |name, sub| walk(sub, path + [name.to_s], commands) }
  end

  PARSED = []

  module Capture
    def parse!(*args, &block)
      PARSED << self unless PARSED.any? { |s| s.equal?(self) }
      super
    end
  end

  def self.install(klass)
    klass.prepend(Capture)
  end
end

at_exit do
  out = ENV["TRUTH_OUT"]
  if out
    commands = {}
    TruthSlop::PARSED.each { |slop| TruthSlop.walk(slop, [], commands) }
    File.write(out, JSON.generate({ "commands" => commands }))
  end
end

# The program loads its slop itself; hook the class as soon as it is defined.
TracePoint.new(:end) do |tp|
  if %w[Pry::Slop Slop].include?(tp.self.name) && !tp.self.ancestors.include?(TruthSlop::Capture)
    TruthSlop.install(tp.self)
  end
end.enable
