# Onigmo's control escapes \cX and \C-X (X & 0x9f, \c? is DEL) and an escaped
# letter that is no escape (\y matches y).
p(/\c#\cc\cC/.match("\03\03\03").to_a)
p(/\c'\cG\cg/.match("\a\a\a").to_a)
p(/\c(\cH\ch/.match("\b\b\b").to_a)
p(/\c*\cJ\cj/.match("\n\n\n").to_a)
p(/\c-\cM\cm/.match("\r\r\r").to_a)
p(/\cJ/.match("\r"))
p(/\C-*\C-J\C-j/.match("\n\n\n")[0])
p(/[\cJ]+/.match("a\n\nb")[0])
p(/\y/.match("y").to_a, /\q\j/.match("qj").to_a)
p(/\c?/.match("\x7f").to_a)
