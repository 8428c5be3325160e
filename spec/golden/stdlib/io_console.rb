# golden: ruby31
# require 'io/console' where stdin and stdout are not terminals (a file or
# pipe, as under golden-run): every terminal call raises Errno::ENOTTY with
# CRuby's message, a block form never runs its block, and getpass still
# writes its prompt (to $stderr for $stdin). Expected output from Debian's
# ruby 3.1 (the 3.4 WebAssembly oracle has no io/console); nothing here
# differs in 3.4.
require 'io/console'

def try
  r = yield
  p [:ok, r]
rescue SystemCallError => e
  p [e.class, e.message, e.errno == Errno::ENOTTY::Errno]
end

ran = []
try { $stdout.winsize }
try { $stdin.winsize }
try { $stdout.winsize = [24, 80] }
try { $stdin.raw { ran << :raw } }
try { $stdin.raw(min: 1, time: 0.5, intr: true) { ran << :raw2 } }
try { $stdin.raw! }
try { $stdin.cooked { ran << :cooked } }
try { $stdin.cooked! }
try { $stdin.noecho { ran << :noecho } }
try { $stdin.echo? }
try { $stdin.echo = false }
try { $stdin.getch }
try { $stdin.getpass("Password: ") }
try { $stdin.iflush }
try { $stdout.oflush }
try { $stdout.ioflush }
p ran

r, w = IO.pipe
try { r.winsize }
try { r.raw { ran << :pipe } }
try { w.echo? }
File.open(__FILE__) do |f|
  try { f.getch }
  try { f.winsize }
end
p ran

begin
  $stdin.raw(intr: 1) {}
rescue ArgumentError => e
  p e.message
end
begin
  $stdout.winsize = [1, 2, 3]
rescue ArgumentError => e
  p e.message
end
p $stdout.tty?, [NilClass, File].include?(IO.console.class)
require 'io/console/size'
p IO.default_console_size.size
