# defined?($1), defined?($&) ...: "global-variable" while the last match
# provides the value, nil otherwise (ruby/spec language/defined_spec.rb).
"abc" =~ /x/
p defined?($&), defined?($1), defined?($~)
"abc" =~ /(b)(x)?/
p defined?($&), defined?($`), defined?($1), defined?($2), defined?($+), defined?($~)
