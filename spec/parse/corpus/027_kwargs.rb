# Corpus: kwargs
def connect(host, port = 80, *rest, timeout: 5, retries:, **extra, &cb)
  cb&.call("#{host}:#{port} t=#{timeout} r=#{retries} rest=#{rest} extra=#{extra}")
end
connect("a", retries: 1) { |s| puts s }
connect("b", 8080, 1, 2, retries: 3, timeout: 9, verbose: true) { puts _1 }
opts = {retries: 2}
connect("c", **opts) { |m| puts m }
def fwd(...) = connect(...)
fwd("d", retries: 0) { puts _1 }
