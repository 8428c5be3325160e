# OptionParser compiled from the installed optparse.rb, used the way
# scripts use it.
require 'optparse'

def parse(args)
  options = { verbose: false, level: 1, names: [] }
  parser = OptionParser.new do |opts|
    opts.banner = "Usage: tool [options] FILE..."
    opts.separator ""
    opts.separator "Specific options:"
    opts.on("-v", "--[no-]verbose", "Run verbosely") { |v| options[:verbose] = v }
    opts.on("-l", "--level N", Integer, "Level (integer)") { |n| options[:level] = n }
    opts.on("-n", "--name NAME", "Add a name") { |n| options[:names] << n }
    opts.on("-t", "--type TYPE", [:fast, :slow], "Select type (fast, slow)") { |t| options[:type] = t }
    opts.on("-r", "--ratio=R", Float, "A float") { |r| options[:ratio] = r }
    opts.on("--list a,b,c", Array, "A list") { |l| options[:list] = l }
    opts.on_tail("-h", "--help", "Show this message") { puts opts; options[:help] = true }
  end
  rest = parser.parse(args)
  [options, rest]
rescue OptionParser::ParseError => e
  ["#{e.class}: #{e.message}", nil]
end

p parse(%w[-v -l 3 file1 file2])
p parse(%w[--no-verbose --level=7 -n a -n b --type slow])
p parse(%w[-r 2.5 --list x,y,z -- -v])
p parse(%w[-l abc])
p parse(%w[--bogus])
p parse(%w[-t medium])
p parse(%w[-l])
p parse(%w[-h])

opts = {}
OptionParser.new { |o| o.on("-q", "--quiet") { opts[:quiet] = true } }.parse!(argv = %w[a -q b])
p opts, argv
h = {}
OptionParser.new { |o| o.on("-x", "--extra VALUE") }.parse(%w[--extra 5], into: h)
p h
