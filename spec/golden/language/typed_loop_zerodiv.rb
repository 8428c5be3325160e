# Typed loops (codegen/infer.c): ZeroDivisionError raised inside a loop that
# runs on unboxed integers comes from the generic copy of the statement,
# with the statement's line in the backtrace; the locals hold the values
# of the iterations before.

def divide_down(n)
  acc = 0
  d = 3
  begin
    while d > -3
      acc += n / d
      d -= 1
    end
  rescue ZeroDivisionError => e
    puts "#{e.class}: #{e.message} at line #{e.backtrace[0][/:(\d+):/, 1]}"
    puts "acc=#{acc} d=#{d}"
  end
  acc
end
p divide_down(100)

def modulo_down(n)
  r = 0
  k = 2
  while k >= 0
    r = r * 10 + n % k
    k -= 1
  end
  r
rescue ZeroDivisionError => e
  puts "#{e.message} (line #{e.backtrace[0][/:(\d+):/, 1]}) r=#{r} k=#{k}"
  -1
end
p modulo_down(7)

# uncaught in a nested loop: retried with the generic code around it
def nested
  i = 0
  tot = 0
  while i < 3
    j = 2
    while j >= 0
      tot += 12 / j
      j -= 1
    end
    i += 1
  end
  tot
end
begin
  nested
rescue => e
  puts e.class, e.backtrace[0].sub(/^.*?:/, "")
end

# Float division by zero is not an error
x = 1.0
i = 0
while i < 2
  x = x / 0
  i += 1
end
p x
