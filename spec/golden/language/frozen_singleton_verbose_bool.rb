# A singleton class is frozen with its object; $VERBOSE holds nil, true or false.
o = Object.new
k = o.singleton_class
p k.frozen?
o.freeze
p k.frozen?, Object.new.freeze.singleton_class.frozen?
c = Class.new.freeze
p c.singleton_class.frozen?, String.singleton_class.frozen?
$VERBOSE = 1
p $VERBOSE
$VERBOSE = "x"
p $VERBOSE, $-v, $-w
$VERBOSE = nil
p $VERBOSE
$-w = 0
p $VERBOSE
$VERBOSE = false
p $VERBOSE
