# clone(freeze:) on Object and on the core classes with their own #clone:
# one check of the keyword's value and of the arguments.
class Foo; end
[Foo.new, [1], {a: 1}, "s", "f".freeze, [2].freeze].each do |o|
  [true, false, nil, 1, :yes, "true"].each do |f|
    begin
      c = o.clone(freeze: f)
      puts "#{o.class} freeze: #{f.inspect} => frozen=#{c.frozen?}"
    rescue ArgumentError => e
      puts "#{o.class} freeze: #{f.inspect} => #{e.class}: #{e.message}"
    end
  end
  puts "#{o.class} clone => frozen=#{o.clone.frozen?}"
  begin
    o.clone(1)
  rescue ArgumentError => e
    puts "#{o.class} clone(1) => #{e.class}: #{e.message}"
  end
end
