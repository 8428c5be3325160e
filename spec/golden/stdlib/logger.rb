# Logger compiled from the installed logger.rb, writing to $stdout with a
# fixed formatter (timestamps would differ between runs).
require 'logger'
log = Logger.new($stdout)
log.formatter = proc { |sev, _time, prog, msg| "#{sev} #{prog.inspect}: #{msg}\n" }
log.info("starting")
log.debug("details")
log.level = Logger::WARN
log.info("hidden")
log.warn("careful")
log.error { "computed #{1 + 1}" }
log.progname = "app"
log.fatal("stop")
log.add(Logger::ERROR, "via add")
p log.level, log.warn?, log.info?
log.level = :debug
p log.debug?
log.unknown("who knows")
p Logger::Severity.constants.sort
l2 = Logger.new($stdout, progname: "tool", level: :info)
fm = Logger::Formatter.new
puts fm.call("WARN", Time.at(0).utc, "prog", "msg").sub(/#\d+/, "#PID")
fm.datetime_format = "%Y"
puts fm.call("INFO", Time.at(0).utc, nil, "m2").sub(/#\d+/, "#PID")
p l2.progname
l3 = Logger.new(nil)
p l3.info("nothing")
