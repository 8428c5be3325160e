# uncaught exception with a cause: both reports are printed
class ConfigError < StandardError; end
class ParseError < StandardError; end

def parse(s)
  raise ParseError, "not a number: #{s}" unless s.match?(/\A\d+\z/)
  s.to_i
end

def load_value(s)
  parse(s)
rescue ParseError
  raise ConfigError, "could not parse config value"
end

puts load_value("12")
puts load_value("twelve")
