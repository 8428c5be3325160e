# Loaded by threads/require_concurrent.rb: takes a while to define DONE.
module SlowLoad
  sleep 0.3
  DONE = true
end
