def a
  return :from_body
ensure
  :ensure_value_ignored
end
p a
def b
  yield
ensure
  puts "b ensure"
end
p b { :block_val }
def c
  [1, 2, 3].each do |x|
    begin
      return x if x == 2
    ensure
      puts "c ensure #{x}"
    end
  end
end
p c
def d
  begin
    raise "x"
  rescue
    return :rescued
  ensure
    puts "d ensure"
  end
end
p d
def e
  i = 0
  begin
    i += 1
    raise "again" if i < 3
    i
  rescue
    retry
  ensure
    puts "e ensure #{i}"
  end
end
p e
$order = []
def f
  $order << :start
  yield
  $order << :after_yield
ensure
  $order << :ensure
end
r = [1].each { f { break :broke } }
p r, $order
def g
  begin
    return 1
  ensure
    begin
      raise "inner"
    rescue
      puts "inner rescued"
    end
  end
end
p g
