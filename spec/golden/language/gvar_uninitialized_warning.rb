# Reading a global nothing assigned warns in verbose mode (not for $x ||= v,
# nor for the built-in globals); $FILENAME is ARGF.filename.
$VERBOSE = true
$stderr = STDOUT
p $zz_not_set
p $zz_not_set
x = $zz_other
$zz_set = nil
p $zz_set
p $DEBUG, $-w, $FILENAME, $0.class, $;, $,, $/, $\, $_, $~, $!, $@
p defined?($zz_third)
$zz_lazy ||= 42
p $zz_lazy
def m; a = $zz_in_m; end
m
$VERBOSE = false
p $zz_quiet
