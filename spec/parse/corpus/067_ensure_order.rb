# Corpus: ensure order
def steps
  out = []
  begin
    out << 1
    return out
  ensure
    out << 2
  end
end
puts steps.inspect
def nested
  yield
rescue ZeroDivisionError
  "rescued in method"
end
puts nested { 1 / 0 }
