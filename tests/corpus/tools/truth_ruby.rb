# Truth for a Ruby CLI from its own option objects, in the system's ruby:
#
#   ruby truth_ruby.rb gem|rake|thor:REQUIRE:CLASS
#
# gem: every command of Gem::CommandManager and the OptionParser each one builds;
# rake: the OptionParser Rake::Application builds from its standard_rake_options;
# (truth_ruby_optparse.rb reuses parser_flags for any OptionParser program.)
# thor: a Thor class's commands and subcommands (bundler: thor:bundler,bundler/cli:Bundler::CLI,
# features required in order), each
# with its method options, the class options on the root. Hidden ones are left out. Prints
# {"commands": {PATH: {"flags": {KEY: {...}}, "positionals": null}}} as JSON on stdout.
# Nothing of workbench is used.
require "json"
require "optparse"

NEVER_COUNTED = %w[--help --version -h].freeze

# An OptionParser switch (also RubyGems' vendored copy): its spellings and whether it takes a value.
def switch_flag(switch)
  names = []
  switch.long.each do |long|
    if long.include?("[no-]")
      names << long.sub("[no-]", "") << long.sub("[no-]", "no-")
    else
      names << long
    end
  end
  names += switch.short
  takes_value = !switch.class.name.end_with?("NoArgument")
  [names, {
    "names" => names, "kind" => takes_value ? "value" : "boolean", "type" => nil,
    "choices" => nil, "required" => false, "repeatable" => nil,
  }]
end

def parser_flags(parser)
  flags = {}
  parser.instance_variable_get(:@stack).each do |list|
    list.list.each do |switch|
      next unless switch.respond_to?(:long)
      names, flag = switch_flag(switch)
      names = names.reject { |n| n.include?("*") } # OptionParser's own `--*-completion-bash`
      next if names.empty? || NEVER_COUNTED.include?(names.first)
      key = names.find { |n| n.start_with?("--") } || names.first
      flags[key] ||= flag
    end
  end
  flags
end

def gem_truth
  require "rubygems/command_manager"
  manager = Gem::CommandManager.instance
  commands = { "" => { "flags" => {}, "positionals" => nil } }
  manager.command_names.each do |name|
    command = manager[name]
    next if command.respond_to?(:deprecated?) && command.deprecated?
    commands[name] = { "flags" => parser_flags(command.send(:parser)), "positionals" => nil }
  end
  commands
end

def rake_truth
  require "rake"
  app = Rake::Application.new
  parser = OptionParser.new do |opts|
    app.standard_rake_options.each { |args| opts.on(*args) }
  end
  { "" => { "flags" => parser_flags(parser), "positionals" => nil } }
end

def thor_option(option)
  names = [option.switch_name] + option.aliases.flat_map { |a| a.to_s.split(/[\s,|]+/) }
  names = names.map { |n| n.start_with?("-") ? n : (n.length == 1 ? "-#{n}" : "--#{n}") }
  boolean = option.type == :boolean
  names << "--no-#{option.switch_name.sub(/\A--/, "")}" if boolean && !option.switch_name.start_with?("--no-")
  type = { string: "string", numeric: "number", array: "string", hash: "string" }[option.type]
  enum = option.respond_to?(:enum) ? option.enum : nil
  [names, {
    "names" => names, "kind" => boolean ? "boolean" : "value",
    "type" => enum ? "choice" : type, "choices" => enum&.map(&:to_s),
    "required" => option.required?, "repeatable" => option.type == :array ? true : nil,
  }]
end

def thor_flags(options)
  flags = {}
  options.each_value do |option|
    next if option.respond_to?(:hide) && option.hide
    names, flag = thor_option(option)
    next if NEVER_COUNTED.include?(names.first)
    flags[names.first] ||= flag
  end
  flags
end

def thor_walk(klass, path, commands)
  klass.all_commands.each do |name, command|
    next if command.hidden? || name == "help"
    spelled = name.tr("_", "-")
    full = (path + [spelled]).join(" ")
    sub = klass.subcommand_classes[name]
    flags = thor_flags(command.options)
    if sub
      flags.merge!(thor_flags(sub.class_options))
      commands[full] = { "flags" => flags, "positionals" => nil }
      thor_walk(sub, path + [spelled], commands)
    else
      commands[full] = { "flags" => flags, "positionals" => nil }
    end
  end
end

def thor_truth(feature, class_name)
  feature.split(",").each { |f| require f }
  klass = Object.const_get(class_name)
  commands = { "" => { "flags" => thor_flags(klass.class_options), "positionals" => nil } }
  thor_walk(klass, [], commands)
  commands
end

if __FILE__ == $PROGRAM_NAME
  mode = ARGV.fetch(0)
  commands =
    case mode
    when "gem" then gem_truth
    when "rake" then rake_truth
    else
      _, feature, class_name = mode.split(":", 3)
      thor_truth(feature, class_name)
    end
  puts JSON.generate({ "commands" => commands })
end
