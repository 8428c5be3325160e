# uncaught FrozenError from a frozen constant
CONFIG = {mode: "prod"}.freeze
def enable_debug(cfg)
  cfg[:debug] = true
end
puts CONFIG[:mode]
enable_debug(CONFIG)
