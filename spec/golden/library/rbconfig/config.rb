# RbConfig as scripts use it: platform checks and version keys.
require 'rbconfig'

c = RbConfig::CONFIG
p c["ruby_version"], c["MAJOR"], c["MINOR"], c["EXEEXT"]
p c.class, c["host_os"].class, RbConfig.ruby.class
p RbConfig::CONFIG["host_os"] =~ /mswin|mingw|cygwin/ ? :windows : :unix
p RUBY_VERSION.start_with?(c["MAJOR"] + "." + c["MINOR"])
