# A JSON-like serializer and a small recursive-descent parser (round trip).
module MiniJSON
  class ParseError < StandardError; end

  def self.dump(obj, indent = 0)
    pad = "  " * indent
    case obj
    when nil then "null"
    when true, false then obj.to_s
    when Integer, Float then obj.to_s
    when String then '"' + obj.gsub(/["\\]/) { "\\" + _1 }.gsub("\n", "\\n") + '"'
    when Symbol then dump(obj.to_s)
    when Array
      return "[]" if obj.empty?
      "[\n" + obj.map { |v| pad + "  " + dump(v, indent + 1) }.join(",\n") + "\n#{pad}]"
    when Hash
      return "{}" if obj.empty?
      "{\n" + obj.map { |k, v| "#{pad}  #{dump(k.to_s)}: #{dump(v, indent + 1)}" }.join(",\n") + "\n#{pad}}"
    else
      raise TypeError, "cannot serialize #{obj.class}"
    end
  end

  class Parser
    def initialize(s)
      @s = s
      @i = 0
    end

    def parse
      v = value
      skip_ws
      raise ParseError, "trailing data at #{@i}" if @i < @s.size
      v
    end

    private

    def skip_ws = (@i += 1 while @i < @s.size && " \n\t".include?(@s[@i]))
    def peek = (skip_ws; @s[@i])

    def expect(ch)
      raise ParseError, "expected #{ch.inspect} at #{@i}, got #{peek.inspect}" unless peek == ch
      @i += 1
    end

    def value
      case peek
      when "{" then object
      when "[" then array
      when '"' then string
      when "t" then literal("true", true)
      when "f" then literal("false", false)
      when "n" then literal("null", nil)
      when /[-\d]/ then number
      else raise ParseError, "unexpected #{peek.inspect} at #{@i}"
      end
    end

    def literal(word, val)
      raise ParseError, "bad literal at #{@i}" unless @s[@i, word.size] == word
      @i += word.size
      val
    end

    def number
      start = @i
      @i += 1 while @i < @s.size && @s[@i].match?(/[-\d.e]/)
      text = @s[start...@i]
      text.include?(".") ? Float(text) : Integer(text)
    end

    def string
      expect('"')
      out = +""
      while (c = @s[@i]) != '"'
        raise ParseError, "unterminated string" if c.nil?
        if c == "\\"
          @i += 1
          out << (@s[@i] == "n" ? "\n" : @s[@i])
        else
          out << c
        end
        @i += 1
      end
      @i += 1
      out
    end

    def array
      expect("[")
      items = []
      until peek == "]"
        items << value
        break unless peek == ","
        @i += 1
      end
      expect("]")
      items
    end

    def object
      expect("{")
      h = {}
      until peek == "}"
        k = string
        expect(":")
        h[k] = value
        break unless peek == ","
        @i += 1
      end
      expect("}")
      h
    end
  end
end

doc = { name: "Spinel", version: 1.5, tags: ["fast", "ruby", :native], nested: { ok: true, none: nil, list: [] },
        quote: "say \"hi\"\nbye", count: -42 }
text = MiniJSON.dump(doc)
puts text
back = MiniJSON::Parser.new(text).parse
p back
p back["nested"]["ok"], back["tags"].size, back["quote"].lines.size
["[1, 2", "{\"a\" 1}", "tru", "[1] x", "\"open"].each do |bad|
  MiniJSON::Parser.new(bad).parse
rescue MiniJSON::ParseError => e
  puts "error: #{e.message}"
end
begin
  MiniJSON.dump(Object.new)
rescue TypeError => e
  puts e.message
end
