# heredoc forms and interpolation details
name = "World"
a = <<~EOS
  Hello, #{name}!
    indented #{1 + 1}
  tab\there
EOS
b = <<-EOS
    keeps leading spaces #{name}
    EOS
c = <<~'RAW'
  no #{interp} \t here
RAW
d = <<~EOS.lines.map(&:strip).join("|")
  one
  two
EOS
e = [<<~ONE, <<~TWO]
  first
ONE
  second
TWO
p a, b, c, d, e
x = 5
p "#{x} + #{x} = #{x + x}", "nested #{"inner #{x * 2}"}", "#{nil}|#{true}|#{[1, nil]}|#{{a: 1}}|#{:s}|#{1.0}"
p "#@iv-#$0".size > 0 rescue p :err
@iv = "ivar"
$gv = "gvar"
p "#@iv #$gv", "\#{not}", '#{single}', "a" "b" 'c'
p "multi
line", "esc \\n \n \u00e9 \x41 \101 \s|"
p "%s" % "fmt", "a%%b" % [], "#{1}#{2}" * 2
