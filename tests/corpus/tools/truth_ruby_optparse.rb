# Truth for a Ruby CLI built on OptionParser, from the parser objects it builds, in its own ruby:
#
#   TRUTH_OUT=FILE ruby -r truth_ruby_optparse.rb PROGRAM --help
#
# Loaded before the program: OptionParser's parse entry points (parse, parse!, order, order!,
# permute, permute!) are wrapped so every parser the program hands its argv is kept before the
# parse runs as usual. When the program ends (its --help prints and exits or returns), the
# union of those parsers' switches is written to FILE as {"commands": {"": {"flags": ...}}},
# each switch read as truth_ruby.rb's parser_flags reads it. Nothing of workbench is used.
require "json"
require "optparse"
require_relative "truth_ruby"

module TruthOptparse
  PARSERS = []
end

class OptionParser
  %i[parse parse! order order! permute permute!].each do |name|
    original = instance_method(name)
    define_method(name) do |*args, **kwargs, &block|
      TruthOptparse::PARSERS << self unless TruthOptparse::PARSERS.any? { |p| p.equal?(self) }
      original.bind(self).call(*args, **kwargs, &block)
    end
  end
end

at_exit do
  out = ENV["TRUTH_OUT"]
  if out
    flags = {}
    TruthOptparse::PARSERS.each { |parser| parser_flags(parser).each { |k, v| flags[k] ||= v } }
    File.write(out, JSON.generate({ "commands" => { "" => { "flags" => flags, "positionals" => nil } } }))
  end
end
