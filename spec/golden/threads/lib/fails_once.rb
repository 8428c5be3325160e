# Loaded by threads/require_concurrent.rb: raises the first time.
$fails_once = ($fails_once || 0) + 1
raise "first load fails" if $fails_once == 1
FAILS_ONCE = $fails_once
