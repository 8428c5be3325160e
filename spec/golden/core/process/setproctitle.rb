# golden: ruby31
# Process.setproctitle changes what ps shows as the command line (the
# argv memory, extended over the moved environment), returns the title,
# and leaves $0 and ENV alone.
before = $0
ENV["SPX_TITLE_CHECK"] = "kept"
p Process.setproctitle("spinel-proctitle-test with a longer title than argv")
p `ps -ocommand= -p#{$$}`.include?("spinel-proctitle-test with a longer title")
p $0 == before, ENV["SPX_TITLE_CHECK"], ENV.key?("PATH")
p Process.setproctitle("short")
p `ps -ocommand= -p#{$$}`.strip
