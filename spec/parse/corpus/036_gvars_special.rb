# Corpus: gvars special
$counter = 0
def bump = $counter += 1
3.times { bump }
puts $counter
puts $PROGRAM_NAME.class, __method__.inspect
def meth_name = __method__
puts meth_name
puts __FILE__.end_with?(".rb"), __LINE__ > 0
"abc" =~ /b/
puts $~.pre_match, $`, $'
