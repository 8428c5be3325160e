# SystemExit.new without a message says its class name; Kernel#exit says "exit".
p SystemExit.new.message, SystemExit.new(3).message, SystemExit.new(true, "m").message, SystemExit.new("x").status
begin; exit; rescue SystemExit => e; p e.message; end
begin; exit 2; rescue SystemExit => e; p e.message; end
