# An uncaught exception raised while handling another prints the cause too.
class ConfigError < StandardError; end

DEFAULTS = {port: 80, host: "localhost"}

def setting(name)
  DEFAULTS.fetch(name)
rescue KeyError
  raise ConfigError, "unknown setting #{name.inspect}"
end

puts setting(:port)
puts setting(:colour)
