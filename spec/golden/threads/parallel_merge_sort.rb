# parallel merge sort with a depth-limited thread fan-out
def merge(a, b)
  out = []
  i = j = 0
  while i < a.size && j < b.size
    if a[i] <= b[j]
      out << a[i]
      i += 1
    else
      out << b[j]
      j += 1
    end
  end
  out.concat(a[i..]).concat(b[j..])
end

def psort(arr, depth = 0)
  return arr if arr.size <= 1
  mid = arr.size / 2
  if depth < 3
    l = Thread.new { psort(arr[0...mid], depth + 1) }
    r = Thread.new { psort(arr[mid..], depth + 1) }
    merge(l.value, r.value)
  else
    merge(psort(arr[0...mid], depth + 1), psort(arr[mid..], depth + 1))
  end
end
data = (1..2000).map { |i| (i * 7919) % 2003 }
sorted = psort(data)
p sorted.size, sorted.first(5), sorted.last(3), sorted == data.sort
words = %w[pear apple fig kiwi banana cherry date grape lemon mango]
p psort(words)
