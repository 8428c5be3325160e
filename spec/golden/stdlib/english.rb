# golden: ruby31
# require 'English' compiles the installed English.rb: its global aliases
# name the special variables.
require 'English'
"hello world" =~ /o w/
p $PREMATCH, $POSTMATCH, $MATCH, $LAST_MATCH_INFO.class
p $PID == Process.pid, $PROCESS_ID == $$
system("exit 3")
p $CHILD_STATUS.exitstatus, $CHILD_STATUS.class
begin
  raise "boom"
rescue => e
  p $ERROR_INFO.message, $ERROR_POSITION.class
end
p $PROGRAM_NAME == $0, $ARGV.equal?(ARGV)
p $INPUT_RECORD_SEPARATOR, $RS
p $FIELD_SEPARATOR, $OUTPUT_FIELD_SEPARATOR
"abc" =~ /(b)(c)/
p $LAST_PAREN_MATCH
p $INPUT_LINE_NUMBER, $NR
p $DEFAULT_OUTPUT.equal?($stdout), $DEFAULT_INPUT.equal?(ARGF)
p require('English')
