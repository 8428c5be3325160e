# golden: ruby31
# An Addrinfo without its address (Addrinfo.allocate) raises CRuby's
# TypeError instead of reading a missing address.
require 'socket'
a = Addrinfo.allocate
[-> { a.afamily }, -> { a.unix_path }, -> { a.ip_address }, -> { a.to_sockaddr }].each do |l|
  begin
    l.call
  rescue TypeError => e
    p e.message
  end
end
p Addrinfo.unix("foo").unix_path
