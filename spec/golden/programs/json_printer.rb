# A JSON-like serializer and pretty printer written in Ruby, plus a small parser
module MiniJSON
  ESCAPES = {"\"" => "\\\"", "\\" => "\\\\", "\n" => "\\n", "\t" => "\\t", "\r" => "\\r"}

  def self.quote(s)
    '"' + s.to_s.gsub(/["\\\n\t\r]/) { |c| ESCAPES[c] } + '"'
  end

  def self.dump(obj)
    case obj
    when Hash then "{" + obj.map { |k, v| "#{quote(k)}:#{dump(v)}" }.join(",") + "}"
    when Array then "[" + obj.map { |v| dump(v) }.join(",") + "]"
    when String, Symbol then quote(obj)
    when nil then "null"
    when true, false then obj.to_s
    when Integer then obj.to_s
    when Float then obj.finite? ? obj.to_s : "null"
    else quote(obj.to_s)
    end
  end

  def self.pretty(obj, indent = 0)
    pad = "  " * indent
    inner = "  " * (indent + 1)
    case obj
    when Hash
      return "{}" if obj.empty?
      body = obj.map { |k, v| "#{inner}#{quote(k)}: #{pretty(v, indent + 1)}" }
      "{\n#{body.join(",\n")}\n#{pad}}"
    when Array
      return "[]" if obj.empty?
      if obj.all? { |v| !v.is_a?(Hash) && !v.is_a?(Array) } && dump(obj).length < 40
        "[" + obj.map { |v| dump(v) }.join(", ") + "]"
      else
        "[\n" + obj.map { |v| inner + pretty(v, indent + 1) }.join(",\n") + "\n#{pad}]"
      end
    else
      dump(obj)
    end
  end

  class Parser
    def initialize(s)
      @s = s
      @i = 0
    end

    def parse
      v = value
      ws
      raise ArgumentError, "trailing data at #{@i}" if @i < @s.size
      v
    end

    private

    def ws = (@i += 1 while @i < @s.size && " \n\t\r".include?(@s[@i]))

    def value
      ws
      c = @s[@i]
      case c
      when "{" then object
      when "[" then array
      when '"' then string
      when "t" then lit("true", true)
      when "f" then lit("false", false)
      when "n" then lit("null", nil)
      else number
      end
    end

    def lit(word, v)
      raise ArgumentError, "bad literal at #{@i}" unless @s[@i, word.size] == word
      @i += word.size
      v
    end

    def number
      m = /-?\d+(\.\d+)?([eE][-+]?\d+)?/.match(@s, @i)
      raise ArgumentError, "unexpected '#{@s[@i]}' at #{@i}" unless m && m.begin(0) == @i
      @i = m.end(0)
      m[1] || m[2] ? m[0].to_f : m[0].to_i
    end

    def string
      @i += 1
      out = +""
      while @s[@i] != '"'
        raise ArgumentError, "unterminated string" if @i >= @s.size
        if @s[@i] == "\\"
          @i += 1
          out << ({"n" => "\n", "t" => "\t", "r" => "\r"}[@s[@i]] || @s[@i])
        else
          out << @s[@i]
        end
        @i += 1
      end
      @i += 1
      out
    end

    def array
      @i += 1
      out = []
      ws
      if @s[@i] == "]"
        @i += 1
        return out
      end
      loop do
        out << value
        ws
        c = @s[@i]
        @i += 1
        break if c == "]"
        raise ArgumentError, "expected , or ] at #{@i - 1}" unless c == ","
      end
      out
    end

    def object
      @i += 1
      out = {}
      ws
      if @s[@i] == "}"
        @i += 1
        return out
      end
      loop do
        ws
        k = string
        ws
        raise ArgumentError, "expected : at #{@i}" unless @s[@i] == ":"
        @i += 1
        out[k] = value
        ws
        c = @s[@i]
        @i += 1
        break if c == "}"
        raise ArgumentError, "expected , or } at #{@i - 1}" unless c == ","
      end
      out
    end
  end
end

doc = {
  name: "spinel",
  version: [0, 1, 0],
  tags: %w[ruby compiler aot],
  meta: {stars: 42, ratio: 0.75, inf: Float::INFINITY, nothing: nil, ok: true, quote: "say \"hi\"\n"},
  deps: [{name: "gc", optional: false}, {name: "ffi", optional: true}],
  empty_list: [],
  empty_map: {},
}
compact = MiniJSON.dump(doc)
puts compact
puts MiniJSON.pretty(doc)
back = MiniJSON::Parser.new(compact).parse
p back
p back["meta"]["quote"], back["deps"].map { |d| d["name"] }, back["version"].sum
round = MiniJSON.dump(back)
puts round == compact.gsub('"inf":null', '"inf":null') ? "round trip stable" : "round trip changed"
['[1, 2', '{"a" 1}', '[1 2]', 'tru', '"open', '[1,2] x', '-', '{"a": [1, {"b": null}], "c": -2.5e3}'].each do |src|
  p MiniJSON::Parser.new(src).parse
rescue ArgumentError => e
  puts "error: #{e.message}"
end
