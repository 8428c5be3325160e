# uncaught exception raised inside nested blocks and a method called from map
class ParseError < StandardError; end

class Parser
  def parse_all(lines)
    lines.map.with_index(1) do |line, no|
      parse_line(line, no)
    end
  end

  def parse_line(line, no)
    key, value = line.split("=", 2)
    raise ParseError, "line #{no}: missing value for #{key}" if value.nil?
    [key.strip, value.strip]
  end
end
p Parser.new.parse_all(["a = 1", "b=2"])
p Parser.new.parse_all(["a = 1", "broken"])
