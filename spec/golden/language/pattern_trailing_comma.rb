# Array patterns with a trailing comma match a prefix; hash patterns with
# key shorthand; a duplicated key in a hash pattern is a SyntaxError.
r = case [0, 1, 2, 3]
    in [0, 1, ]
      true
    end
p r
r = case [0, 1, 2, 3]
    in 0, 1,;
      true
    end
p r
r = case {a: 0, b: 1}
    in Hash(a:, b:)
      [a, b]
    end
p r
a = b = nil
r = case {a: 0, b: 1}
    in Hash[a:, b:]
      [a, b]
    end
p r
begin
  case {a: 1}
  in {b: 2}
  end
rescue NoMatchingPatternError => e
  p e.class, e.message
  p e.key, e.matchee if e.respond_to?(:key)
end
begin
  eval("case {a: 1}\nin {a: 1, b: 2, a: 3}\nend")
rescue SyntaxError => e
  puts e.message[/duplicated key name/]
end
p(case {"a": 1, b: 2}; in {"a": 1, b:}; b; end)
