# Base64 and Shellwords compiled from the installed base64.rb/shellwords.rb
require 'base64'
require 'shellwords'
s = Base64.encode64("Hello, Spinel! " * 5)
puts s
p Base64.decode64(s)
p Base64.strict_encode64("\xff\x00abc".b)
p Base64.strict_decode64("/wBhYmM=").bytes
p Base64.urlsafe_encode64("??>>"), Base64.urlsafe_encode64("??>>", padding: false)
p Base64.urlsafe_decode64("Pz8-Pg")
begin
  Base64.strict_decode64("abc")
rescue ArgumentError => e
  p e.message
end
p Shellwords.split("ls -la 'my file' \"two words\" plain\\ space")
p "echo $HOME".shellescape, Shellwords.escape("")
p %w[git commit -m fix\ bug].shelljoin
p "a b".shellsplit
begin
  Shellwords.split("unterminated 'quote")
rescue ArgumentError => e
  p e.class  # the message differs between shellwords versions
end
