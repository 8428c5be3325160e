# golden: ruby31
# StringIO includes IO::generic_readable/generic_writable; io/console adds
# getch there (the 3.4 oracle has no io/console). IO::RDONLY... (File::Constants).
require 'stringio'
require 'io/console'
io = StringIO.new("héllo")
p io.getch, io.getch, io.getc
p StringIO.ancestors.map(&:to_s).grep(/generic/)
p IO::RDONLY, IO::WRONLY, IO::RDWR, IO::TRUNC == File::TRUNC
io = StringIO.open(+"example", IO::RDONLY)
p io.read
begin; io.write("x"); rescue IOError => e; p e.message; end
