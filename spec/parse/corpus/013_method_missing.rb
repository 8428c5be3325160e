# Corpus: method missing
class Ghost
  def method_missing(name, *args, &blk)
    if name.to_s.start_with?("get_")
      "got #{name.to_s.sub('get_', '')} #{args.inspect}"
    else
      super
    end
  end
  def respond_to_missing?(name, include_private = false) = name.to_s.start_with?("get_") || super
end
g = Ghost.new
puts g.get_thing(1, 2), g.respond_to?(:get_x)
begin
  g.other
rescue NoMethodError => e
  puts e.class
end
