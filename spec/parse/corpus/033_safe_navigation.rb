# Corpus: safe navigation
User = Struct.new(:profile)
Profile = Struct.new(:email)
u1 = User.new(Profile.new("a@b.c"))
u2 = User.new(nil)
puts u1.profile&.email, u2.profile&.email.inspect, u2&.profile&.email.to_s.empty?
list = nil
puts list&.size.inspect
puts (list || []).size
