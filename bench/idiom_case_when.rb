# bench: idiomatic — a tokenizer and stack calculator dispatching with
# case/when on Strings, Ranges, Regexps, classes and Symbols.
SCALE = 1

def tokenize(src)
  tokens = []
  src.split(" ").each do |w|
    tokens << case w
              when "+", "-", "*", "/" then w.to_sym
              when "dup" then :dup
              when "swap" then :swap
              when /\A\d+\z/ then w.to_i
              else
                raise "bad token #{w}"
              end
  end
  tokens
end

def run(tokens)
  st = []
  tokens.each do |t|
    case t
    when Integer then st.push(t)
    when :+ then b = st.pop; st.push(st.pop + b)
    when :- then b = st.pop; st.push(st.pop - b)
    when :* then b = st.pop; st.push(st.pop * b % 1_000_003)
    when :/ then b = st.pop; st.push(st.pop / (b == 0 ? 1 : b))
    when :dup then st.push(st.last)
    when :swap then a = st.pop; b = st.pop; st.push(a); st.push(b)
    end
  end
  st.last
end

def grade(n)
  case n
  when 0...50 then :low
  when 50...80 then :mid
  when 80..100 then :high
  else :off
  end
end

prog = "3 4 + dup * 7 swap - 2 / 10 + 5 * 13 dup + -"
reps = 30_000 * SCALE
acc = 0
grades = Hash.new(0)
reps.times do |i|
  acc += run(tokenize(prog + " #{i % 100} +"))
  grades[grade(i % 110)] += 1
end
puts acc
puts grades.sort_by { |k, _| k.to_s }.map { |k, v| "#{k}=#{v}" }.join(" ")
puts "ops: #{reps}"
