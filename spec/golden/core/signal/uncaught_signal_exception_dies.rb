# golden: ruby31
# An uncaught SignalException ends the program by its signal (after the
# at_exit handlers), not with an exit status of 128+n: a parent's
# Process::Status sees signaled? and termsig.
at_exit { puts "at_exit runs first"; $stdout.flush }
raise SignalException, "SIGTERM"
