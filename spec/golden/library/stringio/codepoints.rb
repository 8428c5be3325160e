# StringIO#each_codepoint and Zlib.crc_table.
require 'stringio'
require 'zlib'
p StringIO.new("héllo").each_codepoint.to_a
io = StringIO.new("ab"); io.each_codepoint { |c| p c }
p Zlib.crc_table.size, Zlib.crc_table[1], Zlib.crc_table[255]
