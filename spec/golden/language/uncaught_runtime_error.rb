class Parser
  def parse(s)
    tokens = s.split
    tokens.map { |t| convert(t) }
  end
  def convert(t)
    raise "cannot convert #{t.inspect}" unless t =~ /\A\d+\z/
    t.to_i
  end
end
puts "before"
p Parser.new.parse("1 2 3")
Parser.new.parse("1 x 3")
puts "after"
