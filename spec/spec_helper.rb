# Loaded by every spec file (require_relative '../../spec_helper').  Plays
# the part of ruby/spec's spec_helper: loads the runner, resolves the code
# fixtures directory, enables Thread.report_on_exception and refuses Rubies
# older than the suite targets (validation runs under an older CRuby set
# MSPEC_VALIDATE=1; see doc/specs.md).
require_relative 'mspec/mspec'

CODE_LOADING_DIR = File.realpath("fixtures/code", File.dirname(__FILE__)) unless defined?(CODE_LOADING_DIR)

if Thread.respond_to?(:report_on_exception=)
  Thread.report_on_exception = true
end

if MSpec.version_cmp(RUBY_VERSION, "3.3") < 0 && !MSpec.validating?
  abort "This version of the spec suite requires Ruby 3.3+ (got #{RUBY_VERSION}); set MSPEC_VALIDATE=1 to validate with an older CRuby"
end
