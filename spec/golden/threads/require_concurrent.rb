# A thread requiring a file another thread is loading waits for the load
# to finish and gets false; a load that raised is retried by the next require.
t1 = Thread.new { require_relative 'lib/slow_load' }
t2 = Thread.new { sleep 0.1; r = require_relative 'lib/slow_load'; [r, defined?(SlowLoad::DONE)] }
p t1.value, t2.value
p require_relative('lib/slow_load')
begin
  require_relative 'lib/fails_once'
rescue RuntimeError => e
  p e.message
end
p require_relative('lib/fails_once'), FAILS_ONCE
p require_relative('lib/fails_once')
