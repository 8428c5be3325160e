# MSpec-compatible spec runner for Spinel.
#
# Written in the conservative Ruby subset that Spinel compiles (classes,
# modules, blocks, procs, instance_exec, define_method, a BasicObject proxy
# with method_missing, exceptions, Thread + sleep for the watchdog).  No
# string eval, binding, ObjectSpace, TracePoint, Kernel#load or gems.
#
# A program built from it looks like (scripts/mspec generates this wrapper):
#
#   require_relative '../../spec/mspec/mspec'
#   MSpec.start_file "spec/core/thread/join_spec.rb"
#   require_relative '../../spec/core/thread/join_spec'
#   MSpec.finish_file          # runs the examples, prints the summary, exits
#
# Loading a spec file registers contexts and examples (describe bodies
# are evaluated at load time, as in MSpec, and a top-level describe runs its
# examples right after its body); MSpec.finish_file runs what is left and reports.
# See doc/specs.md for the supported feature list.
require_relative 'state'
require_relative 'expectations'
require_relative 'matchers'
require_relative 'mocks'
require_relative 'guards'
require_relative 'helpers'
require_relative 'dsl'
require_relative 'runner'
require_relative 'rubyspec_api'

# As MSpec does (its utils/warnings.rb): ruby/spec tests deprecation
# warnings, so they are on; experimental features are tested without theirs.
Warning[:deprecated] = true
Warning[:experimental] = false
