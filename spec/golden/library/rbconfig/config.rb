# RbConfig as scripts use it: platform checks and version keys.
require 'rbconfig'

c = RbConfig::CONFIG
p c["ruby_version"], c["MAJOR"], c["MINOR"], c["EXEEXT"]
p c.class, c["host_os"].class, RbConfig.ruby.class
p RbConfig::CONFIG["host_os"] =~ /mswin|mingw|cygwin/ ? :windows : :unix
p RUBY_VERSION.start_with?(c["MAJOR"] + "." + c["MINOR"])
# RUBY_DESCRIPTION / RUBY_REVISION, RbConfig::TOPDIR is the prefix
p RUBY_DESCRIPTION.include?(RUBY_VERSION), RUBY_DESCRIPTION.include?(RUBY_PLATFORM), RUBY_DESCRIPTION.frozen?
p RUBY_REVISION.size, RUBY_DESCRIPTION.start_with?("ruby #{RUBY_VERSION} (#{RUBY_RELEASE_DATE} revision #{RUBY_REVISION[0, 10]})")
p RbConfig::TOPDIR == c["prefix"], c["AR"].class, c["STRIP"].class
