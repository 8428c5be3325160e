# nil, true, false
p nil.to_a, nil.to_s, nil.to_i, nil.to_f, nil.to_h, nil.inspect, nil.nil?, 1.nil?
p nil & true, nil | 1, true & 3, true ^ true, false ^ true, false | nil, true.to_s, false.inspect
p !nil, !!nil, !0, !!"", nil.class, true.class, false.class
p nil == false, nil.eql?(nil), NilClass, TrueClass === true
x = nil
p x&.length, x.to_a.size, (x || "default"), (false or :alt), (nil and 1)
y = nil
y ||= 5
y ||= 6
p y
z = 3
z &&= z + 1
p z
w = nil
w &&= w + 1
p w
p [nil, false, 0, "", [], {}].map { |v| v ? "truthy" : "falsy" }
p [nil, 1, false, 2].compact, [nil, 1, false, 2].select(&:itself)
begin
  nil.upcase
rescue NoMethodError => e
  puts "#{e.class}: #{e.message}"
end
begin
  nil + 1
rescue NoMethodError => e
  puts e.message
end
p nil.to_a.empty?, true & false, true.hash == true.hash
p nil.then { |v| v.inspect }
p (true && !false) ? "yes" : "no"
